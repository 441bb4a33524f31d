import { endOfNextYear, startOfLastYear } from '@/lib/dates';
import { isOptionalTel } from '@/lib/phone';
import { isoDate, object, string, type StringSchema } from '@/lib/validation';
import type { MethodePaiementDepense, TypeFournisseur } from './depenses-api';

/**
 * Validation of the expenses' forms (spec 2 §5 "Supplier", "Category", "Charge and works",
 * "Payment", "Files"), mirroring the server's rules (docs/api-depenses.md) so that a refusal is
 * rare. Messages are catalogue keys.
 */

/** Titles, names and short texts longer than this are refused by the server too. */
export const TEXTE_MAX_LENGTH = 200;

export const TYPES_FOURNISSEUR: readonly TypeFournisseur[] = ['particulier', 'entreprise'];
export const METHODES_PAIEMENT: readonly MethodePaiementDepense[] = ['espece', 'cheque', 'virement', 'tpe', 'enligne'];

/** Dinars with up to three decimals, after spaces are removed and a comma read as a point. */
const DECIMAL_DINARS = /^\d+(\.\d{1,3})?$/;
const MAX_DINARS = 999_999_999;

/** The amount typed, spaces removed and a point for the decimals ("1 250,5" → "1250.5"). */
export function montantDecimal(text: string): string {
  return text.replace(/\s+/g, '').replace(',', '.');
}

/** The amount as a DT number (JSON requests). */
export function montantNumber(text: string): number {
  return Number(montantDecimal(text));
}

/** The amount a form shows for a DT number ("1250.5"). */
export function montantText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** An amount in DT, up to 3 decimals, above zero. */
function montant(): StringSchema {
  return string()
    .trim()
    .required('depenses:validation.montantRequired')
    .test('decimal', 'depenses:validation.montantDecimal', (value) => {
      if (!value) return true;
      const text = montantDecimal(value);
      return DECIMAL_DINARS.test(text) && Number(text) <= MAX_DINARS;
    })
    .test('positive', 'depenses:validation.montantPositif', (value) => {
      if (!value || !DECIMAL_DINARS.test(montantDecimal(value))) return true;
      return montantNumber(value) > 0;
    });
}

const texte = (required: `depenses:${string}` | null) => {
  const schema = string().trim().max(TEXTE_MAX_LENGTH, 'depenses:validation.texteTropLong');
  return required ? schema.required(required) : schema;
};

// --- Category -----------------------------------------------------------------------------------

export interface CategorieValues {
  titre: string;
  description: string;
}

export const categorieSchema = object({
  titre: texte('depenses:validation.titreRequired'),
  description: string().trim(),
});

// --- Supplier -----------------------------------------------------------------------------------

export interface FournisseurValues {
  nom: string;
  tel: string;
  type: TypeFournisseur;
  email: string;
  adresse: string;
  ville: string;
  gouvernorat: string;
  activite: string;
  identifiant: string;
  commentaire: string;
}

export const emptyFournisseur: FournisseurValues = {
  nom: '',
  tel: '',
  type: 'particulier',
  email: '',
  adresse: '',
  ville: '',
  gouvernorat: '',
  activite: '',
  identifiant: '',
  commentaire: '',
};

/** A phone as typed: spaces ignored, as the server does ("71 234 567" is the 2-3-3 it shows). */
const tel = string().test('tel', 'depenses:validation.telInvalide', (value) => isOptionalTel(telDigits(value ?? '')));
const typeFournisseur = string()
  .required('depenses:validation.typeRequired')
  .oneOf([...TYPES_FOURNISSEUR], 'depenses:validation.typeRequired');

export const fournisseurSchema = object({
  nom: texte('depenses:validation.nomRequired'),
  tel,
  type: typeFournisseur,
  email: string().trim().email('depenses:validation.emailInvalide'),
  adresse: texte(null),
  ville: texte(null),
  activite: texte(null),
  identifiant: texte(null),
});

export interface FournisseurDialogValues {
  nom: string;
  tel: string;
  type: TypeFournisseur;
}

export const fournisseurDialogSchema = object({
  nom: texte('depenses:validation.nomRequired'),
  tel,
  type: typeFournisseur,
});

// --- Charge and works ---------------------------------------------------------------------------

export interface DepenseValues {
  titre: string;
  montant: string;
  date_facture: string;
  fournisseur: string;
  categorie: string;
  commentaire: string;
  factures: File[];
  devis: File[];
  // Works only.
  description: string;
  /** '1' approved, '0' refused, '' undecided. */
  is_approved: '' | '0' | '1';
  approuve_par: '' | 'assemblee' | 'vote';
  ag: string;
  vote: string;
}

export const emptyDepense: DepenseValues = {
  titre: '',
  montant: '',
  date_facture: '',
  fournisseur: '',
  categorie: '',
  commentaire: '',
  factures: [],
  devis: [],
  description: '',
  is_approved: '',
  approuve_par: '',
  ag: '',
  vote: '',
};

/** The invoice date's range (spec 2 §5, §9): 1 January of last year to 31 December of next year. */
export function dateFactureRange(today: string): { min: string; max: string } {
  return { min: startOfLastYear(today), max: endOfNextYear(today) };
}

export function depenseSchema(today: string) {
  const { min, max } = dateFactureRange(today);
  return object({
    titre: texte('depenses:validation.titreRequired'),
    montant: montant(),
    date_facture: isoDate()
      .required('depenses:validation.dateFactureRequired')
      .test('range', 'depenses:validation.dateFactureHorsPlage', (value) => !value || (value >= min && value <= max)),
    fournisseur: string().required('depenses:validation.fournisseurRequired'),
    categorie: string(),
  });
}

/** A typed phone without its spaces (`71 234 567` → `71234567`); null when empty. */
export function telDigits(text: string): string | null {
  return optionalText(text.replace(/\s+/g, ''));
}

/** An optional text as the server wants it: trimmed, null when empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

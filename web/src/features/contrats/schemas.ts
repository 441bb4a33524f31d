import { startOfLastYear } from '@/lib/dates';
import { isOptionalTel } from '@/lib/phone';
import { isoDate, object, string, type StringSchema } from '@/lib/validation';
import type { ContratSide, MethodePaiementContrat, MethodePaiementRevenu, Periodicite } from './contrats-api';

/**
 * Validation of the contracts', clients' and exceptional revenues' forms (spec 1 §5 "Contract and
 * client", spec 2 §5 "Expense contract"), mirroring the server's rules (docs/api-contrats.md) so
 * that a refusal is rare. Messages are catalogue keys.
 */

export const TEXTE_MAX_LENGTH = 200;

export const PERIODICITES: readonly Periodicite[] = [
  'mensuelle',
  'bimensuelle',
  'trimestrielle',
  'semestrielle',
  'annuelle',
];

/**
 * The methods of a contract's payment (spec 2 §9): cash, cheque, transfer; an expense contract's
 * payment may also be online, on edit only.
 */
export function methodesPaiementContrat(side: ContratSide, edit: boolean): readonly MethodePaiementContrat[] {
  return side === 'depenses' && edit ? ['espece', 'cheque', 'virement', 'enligne'] : ['espece', 'cheque', 'virement'];
}

export const METHODES_REVENU: readonly MethodePaiementRevenu[] = ['espece', 'cheque', 'virement'];
export const METHODES_AVEC_REFERENCE: readonly string[] = ['cheque', 'virement'];

const DECIMAL_DINARS = /^\d+(\.\d{1,3})?$/;
const MAX_DINARS = 999_999_999;

/** The amount typed, spaces removed and a point for the decimals ("1 250,5" → "1250.5"). */
export function montantDecimal(text: string): string {
  return text.replace(/\s+/g, '').replace(',', '.');
}

/** An amount in DT, up to 3 decimals, above zero (spec 1 §5: "required and decimal"). */
function montant(): StringSchema {
  return string()
    .trim()
    .required('contrats:validation.montantRequired')
    .test('decimal', 'contrats:validation.montantDecimal', (value) => {
      if (!value) return true;
      const text = montantDecimal(value);
      return DECIMAL_DINARS.test(text) && Number(text) <= MAX_DINARS;
    })
    .test('positive', 'contrats:validation.montantPositif', (value) => {
      if (!value || !DECIMAL_DINARS.test(montantDecimal(value))) return true;
      return Number(montantDecimal(value)) > 0;
    });
}

const texte = (required: `contrats:${string}` | null) => {
  const schema = string().trim().max(TEXTE_MAX_LENGTH, 'contrats:validation.texteTropLong');
  return required ? schema.required(required) : schema;
};

/** A typed phone without its spaces (`71 234 567` → `71234567`); null when empty. */
export function telDigits(text: string): string | null {
  return optionalText(text.replace(/\s+/g, ''));
}

/** An optional text as the server wants it: trimmed, null when empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

const tel = string().test('tel', 'contrats:validation.telInvalide', (value) => isOptionalTel(telDigits(value ?? '')));

// --- Contract -----------------------------------------------------------------------------------

export interface ContratValues {
  titre: string;
  montant: string;
  date_debut: string;
  date_fin: string;
  periodicite_paiement: Periodicite;
  /** The client (revenue side) or the supplier (expense side), by id. */
  partie: string;
  /** Expense side only; '' for none. */
  categorie: string;
  commentaire: string;
  docs: File[];
}

export const emptyContrat: ContratValues = {
  titre: '',
  montant: '',
  date_debut: '',
  date_fin: '',
  periodicite_paiement: 'mensuelle',
  partie: '',
  categorie: '',
  commentaire: '',
  docs: [],
};

export function contratSchema(side: ContratSide) {
  return object({
    titre: texte('contrats:validation.titreRequired'),
    montant: montant(),
    date_debut: isoDate().required('contrats:validation.dateDebutRequired'),
    date_fin: isoDate().test('after-start', 'contrats:validation.finAvantDebut', function check(value) {
      const debut = this.parent.date_debut as string | undefined;
      return !value || !debut || value >= debut;
    }),
    periodicite_paiement: string()
      .required('contrats:validation.periodiciteRequired')
      .oneOf([...PERIODICITES], 'contrats:validation.periodiciteRequired'),
    partie: string().required(
      side === 'revenus' ? 'contrats:validation.clientRequired' : 'contrats:validation.fournisseurRequired',
    ),
    categorie: string(),
    commentaire: string().trim(),
  });
}

// --- Client -------------------------------------------------------------------------------------

export interface ClientValues {
  nom: string;
  tel: string;
  email: string;
  adresse: string;
  ville: string;
  gouvernorat: string;
  activite: string;
  matricule_fiscal: string;
  commentaire: string;
}

export const emptyClient: ClientValues = {
  nom: '',
  tel: '',
  email: '',
  adresse: '',
  ville: '',
  gouvernorat: '',
  activite: '',
  matricule_fiscal: '',
  commentaire: '',
};

export const clientSchema = object({
  nom: texte('contrats:validation.nomRequired'),
  tel,
  email: string().trim().email('contrats:validation.emailInvalide'),
  adresse: texte(null),
  ville: texte(null),
  activite: texte(null),
  matricule_fiscal: texte(null),
});

/** The dialog of a contract's form: a client (nom, tel) or a supplier (nom, tel, type). */
export interface PartieDialogValues {
  nom: string;
  tel: string;
  type: 'particulier' | 'entreprise';
}

export const partieDialogSchema = object({
  nom: texte('contrats:validation.nomRequired'),
  tel,
  type: string().oneOf(['particulier', 'entreprise']),
});

// --- Exceptional revenue ------------------------------------------------------------------------

export interface RevenuValues {
  titre: string;
  montant: string;
  date_paiement: string;
  methode_paiement: MethodePaiementRevenu;
  reference_paiement: string;
  client: string;
  commentaire: string;
}

export function emptyRevenu(today: string): RevenuValues {
  return {
    titre: '',
    montant: '',
    date_paiement: today,
    methode_paiement: 'espece',
    reference_paiement: '',
    client: '',
    commentaire: '',
  };
}

/** The payment date's range: from 1 January of last year to today (spec 1 §5 "Collection sheet"). */
export function datePaiementRange(today: string): { min: string; max: string } {
  return { min: startOfLastYear(today), max: today };
}

export const revenuSchema = object({
  titre: texte('contrats:validation.titreRequired'),
  montant: montant(),
  date_paiement: isoDate().required('contrats:validation.datePaiementRequired'),
  methode_paiement: string()
    .required('contrats:validation.methodeRequired')
    .oneOf([...METHODES_REVENU], 'contrats:validation.methodeRequired'),
  reference_paiement: string().trim().max(100, 'contrats:validation.referenceTropLongue'),
  client: string(),
  commentaire: string().trim(),
});

import { isIsoDate } from '@/lib/dates';
import { boolean, isoDate, type MessageKey, object, string, type StringSchema } from '@/lib/validation';
import { compact, ibanValide, ribValide } from './rib';
import type { TypeCompte } from './banque-api';

/**
 * Validation of the bank's forms (spec 2 §5 "Bank account", "Withdrawal, deposit, fee and interest
 * forms", "Transfer"), mirroring the server's rules (docs/api-banque.md, domain/src/banque) so that
 * a refusal is rare. Messages are catalogue keys.
 */

/** Libellés and bank names longer than this are refused by the server too. */
export const LIBELLE_MAX_LENGTH = 200;
/** References longer than this are refused by the server too. */
export const REFERENCE_MAX_LENGTH = 100;

export const TYPES_COMPTE: readonly TypeCompte[] = ['courant', 'epargne'];

/** Dinars with up to three decimals, comma or point, spaces ignored ("1 250,5", "12.125"). */
const DECIMAL_DINARS = /^\d+([.,]\d{1,3})?$/;
/** A typo guard: the server refuses amounts this large too. */
const MAX_DINARS = 999_999_999;

/** The amount typed, spaces removed and a point for the decimals ("1 250,5" → "1250.5"). */
function montantDecimal(text: string): string {
  return compact(text).replace(',', '.');
}

/**
 * The amount as the server takes it (`Dt`, a JSON number): "1 250,5" → 1250.5. At most three
 * decimals (the schema checks it), so the number's shortest text is the one typed.
 */
export function montantRequest(text: string): number {
  return Number(montantDecimal(text));
}

/** The amount a form shows for a DT number: "1250.5" (a point, as typed). */
export function montantText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

function isDecimalDinars(text: string | undefined): boolean {
  return text !== undefined && DECIMAL_DINARS.test(compact(text)) && Number(montantDecimal(text)) <= MAX_DINARS;
}

/** An amount in DT with up to 3 decimals; `positive` refuses 0 (operations, transfers). */
function montant(positive: boolean, required: MessageKey | null): StringSchema {
  let schema = string().trim();
  if (required) schema = schema.required(required);
  return schema
    .test('negative', 'banque:validation.montantNegatif', (value) => !value || !compact(value).startsWith('-'))
    .test(
      'decimal',
      'banque:validation.montantDecimal',
      (value) => !value || compact(value).startsWith('-') || isDecimalDinars(value),
    )
    .test(
      'positive',
      'banque:validation.montantPositif',
      (value) => !positive || !value || !isDecimalDinars(value) || Number(montantDecimal(value)) > 0,
    );
}

const libelle = (required: MessageKey) =>
  string().trim().required(required).max(LIBELLE_MAX_LENGTH, 'banque:validation.libelleTooLong');

// --- Bank account -------------------------------------------------------------------------------

export interface CompteFormValues {
  libelle: string;
  banque: string;
  type: TypeCompte | '';
  adresse_agence: string;
  rib: string;
  swift: string;
  iban: string;
  commentaire: string;
  is_main: boolean;
  solde_initial: string;
  date_solde_initial: string;
}

export const emptyCompte: CompteFormValues = {
  libelle: '',
  banque: '',
  type: '',
  adresse_agence: '',
  rib: '',
  swift: '',
  iban: '',
  commentaire: '',
  is_main: false,
  solde_initial: '',
  date_solde_initial: '',
};

export const compteSchema = object({
  libelle: libelle('banque:validation.libelleRequired'),
  banque: string()
    .trim()
    .required('banque:validation.banqueRequired')
    .max(LIBELLE_MAX_LENGTH, 'banque:validation.banqueTooLong'),
  type: string()
    .required('banque:validation.typeRequired')
    .oneOf([...TYPES_COMPTE], 'banque:validation.typeRequired'),
  rib: string().test('rib', 'banque:validation.ribInvalide', (value) => !value?.trim() || ribValide(value)),
  iban: string().test('iban', 'banque:validation.ibanInvalide', (value) => !value?.trim() || ibanValide(value)),
  is_main: boolean(),
  solde_initial: montant(false, null),
  date_solde_initial: isoDate(),
});

// --- Withdrawal, deposit, fee, interest ---------------------------------------------------------

export interface OperationFormValues {
  libelle: string;
  montant: string;
  date: string;
  date_banque: string;
  commentaire: string;
}

export const emptyOperation: OperationFormValues = {
  libelle: '',
  montant: '',
  date: '',
  date_banque: '',
  commentaire: '',
};

export const operationSchema = object({
  libelle: libelle('banque:validation.libelleRequired'),
  montant: montant(true, 'banque:validation.montantRequired'),
  date: isoDate().required('banque:validation.dateRequired'),
  date_banque: isoDate(),
});

// --- Transfer -----------------------------------------------------------------------------------

export interface TransfertFormValues {
  compte_source: string;
  compte_destination: string;
  montant: string;
  date: string;
  reference: string;
  commentaire: string;
}

export const emptyTransfert: TransfertFormValues = {
  compte_source: '',
  compte_destination: '',
  montant: '',
  date: '',
  reference: '',
  commentaire: '',
};

export const transfertSchema = object({
  compte_source: string().required('banque:validation.sourceRequired'),
  compte_destination: string()
    .required('banque:validation.destinationRequired')
    .test('differ', 'banque:validation.comptesIdentiques', function differ(value) {
      const source: unknown = (this.parent as { compte_source?: unknown }).compte_source;
      return !value || value !== source;
    }),
  montant: montant(true, 'banque:validation.montantRequired'),
  date: isoDate().required('banque:validation.dateRequired'),
  reference: string().trim().max(REFERENCE_MAX_LENGTH, 'banque:validation.referenceTooLong'),
});

/** An optional text as the server wants it: trimmed, null when empty. */
export function optionalText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** An optional date as the server wants it: null when empty. */
export function optionalDate(text: string): string | null {
  return isIsoDate(text) ? text : null;
}

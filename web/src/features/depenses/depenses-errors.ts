import type { FormikErrors } from 'formik';
import { apiErrorBody, apiErrorCode, type ErrorCode } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the expenses' calls with a message of their own (docs/api-depenses.md, spec 2 §8).
 * The ledger's guards (exercice_cloture 403, aucun_exercice_ouvert 409) and the permission codes
 * are common (lib/api-error-message).
 */
const DEPENSES_CODES: ErrorMessages = {
  categorie_utilisee: 'depenses:errors.categorie_utilisee',
  categorie_budgetee: 'depenses:errors.categorie_budgetee',
  fournisseur_utilise: 'depenses:errors.fournisseur_utilise',
  depense_avec_paiements: 'depenses:errors.depense_avec_paiements',
  montant_inferieur_au_paye: 'depenses:errors.montant_inferieur_au_paye',
  montant_maximum_depasse: 'depenses:errors.montant_maximum_depasse',
  depense_inconnue: 'depenses:errors.depense_inconnue',
  paiement_inconnu: 'depenses:errors.paiement_inconnu',
  document_inconnu: 'depenses:errors.document_inconnu',
  approbateur_inconnu: 'depenses:errors.approbateur_inconnu',
  fournisseur_inconnu: 'depenses:errors.fournisseur_inconnu',
  categorie_inconnue: 'depenses:errors.categorie_inconnue',
  fichier_invalide: 'depenses:errors.fichier_invalide',
  pdfTooLarge: 'depenses:errors.pdfTooLarge',
};

/** The failed call's code. */
export const depensesErrorCode = apiErrorCode;

/** The message key of a failed expenses call, by code; `fallback` for anything unexpected. */
export function depensesErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  return errorMessageKey(error, DEPENSES_CODES, fallback);
}

/** Field codes with a text of their own (the others are in `errors:fields`). */
const DEPENSES_FIELD_CODES: Record<string, MessageKey> = {
  fichier_invalide: 'depenses:errors.fichier_invalide',
  pdfTooLarge: 'depenses:errors.pdfTooLarge',
  montant_inferieur_au_paye: 'depenses:errors.montant_inferieur_au_paye',
  montant_maximum_depasse: 'depenses:errors.montant_maximum_depasse',
  nom_invalide: 'depenses:errors.nom_invalide',
  gouvernorat_inconnu: 'depenses:errors.gouvernorat_inconnu',
  type_fournisseur_invalide: 'depenses:errors.type_fournisseur_invalide',
  methode_paiement_depense_invalide: 'depenses:errors.methode_paiement_depense_invalide',
};

/** Codes that concern one field of the form they answer: shown under it. */
const CODE_FIELDS: Partial<Record<ErrorCode, string>> = {
  montant_inferieur_au_paye: 'montant',
  montant_maximum_depasse: 'montant',
  fournisseur_inconnu: 'fournisseur',
  categorie_inconnue: 'categorie',
  approbateur_inconnu: 'approuve_par',
};

/**
 * Shows a refusal of an expenses form under its fields, in the user's language: a code that
 * concerns one field goes under it; each `field_codes` code becomes its catalogue key (the
 * expenses' own, then `errors:fields`), else the server's French text. Returns true when every
 * message concerns a field of the form (the caller then shows nothing else).
 */
export function applyDepensesServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields: readonly string[],
): boolean {
  const body = apiErrorBody(error);
  const code = apiErrorCode(error);
  const codeField = code === undefined ? undefined : CODE_FIELDS[code];
  if (code !== undefined && codeField !== undefined && knownFields.includes(codeField)) {
    setErrors({ [codeField]: DEPENSES_CODES[code] } as FormikErrors<Values>);
    return true;
  }
  const messages = body?.errors ?? {};
  const codes = body?.field_codes ?? {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  if (fields.length === 0) return false;
  const result: Record<string, string> = {};
  for (const field of fields) {
    const keys = (codes[field] ?? []).map((fieldCode) => DEPENSES_FIELD_CODES[fieldCode] ?? fieldCodeKey(fieldCode));
    // `factures.0` and `factures[0]` belong to the field `factures`.
    const name = field.split(/[.[]/)[0] ?? field;
    result[name] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return Object.keys(result).every((field) => knownFields.includes(field));
}

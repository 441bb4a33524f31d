import type { FormikErrors } from 'formik';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the bank's calls with a message of their own (api/src/error.rs "The bank", spec 2 §8).
 * The ledger's guards (exercice_cloture, aucun_exercice_ouvert) and the permission codes are
 * common (lib/api-error-message).
 */
const BANQUE_CODES: ErrorMessages = {
  compte_inconnu: 'banque:errors.compte_inconnu',
  compte_principal_non_supprimable: 'banque:errors.compte_principal_non_supprimable',
  compte_avec_operations: 'banque:errors.compte_avec_operations',
  operation_inconnue: 'banque:errors.operation_inconnue',
  transfert_inconnu: 'banque:errors.transfert_inconnu',
  comptes_identiques: 'banque:errors.comptes_identiques',
};

/** The message key of a failed bank call, by code; `fallback` for anything unexpected. */
export function banqueErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  return errorMessageKey(error, BANQUE_CODES, fallback);
}

/** Field codes of the bank's requests with a text of their own (the others are in `errors:fields`). */
const BANQUE_FIELD_CODES: Record<string, MessageKey> = {
  libelle_invalide: 'banque:fieldCodes.libelle_invalide',
  banque_invalide: 'banque:fieldCodes.banque_invalide',
  rib_invalide: 'banque:fieldCodes.rib_invalide',
  iban_invalide: 'banque:fieldCodes.iban_invalide',
  type_compte_invalide: 'banque:fieldCodes.type_compte_invalide',
  type_operation_invalide: 'banque:fieldCodes.type_operation_invalide',
};

/**
 * Shows a refusal of a bank form under its fields, in the user's language: each `field_codes`
 * code becomes its catalogue key (the bank's own, then `errors:fields`), else the server's French
 * text. `comptes_identiques` goes under the destination account. Returns true when every message
 * concerns a field of the form (the caller then shows nothing else).
 */
export function applyBanqueServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields: readonly string[],
): boolean {
  if (
    (apiErrorCode(error) as string | undefined) === 'comptes_identiques' &&
    knownFields.includes('compte_destination')
  ) {
    setErrors({ compte_destination: 'banque:errors.comptes_identiques' } as FormikErrors<Values>);
    return true;
  }
  const body = apiErrorBody(error);
  const messages = body?.errors ?? {};
  const codes = body?.field_codes ?? {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  if (fields.length === 0) return false;
  const result: Record<string, string> = {};
  for (const field of fields) {
    const keys = (codes[field] ?? []).map((code) => BANQUE_FIELD_CODES[code] ?? fieldCodeKey(code));
    result[field] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return fields.every((field) => knownFields.includes(field.split(/[.[]/)[0] ?? field));
}

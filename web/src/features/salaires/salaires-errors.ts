import type { FormikErrors } from 'formik';
import { apiErrorBody, apiErrorCode, type ErrorCode } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the payroll's calls with a message of their own (docs/api-salaires.md, spec 2 §8).
 * The ledger's guards (exercice_cloture 403, aucun_exercice_ouvert 409) and the permission codes
 * are common (lib/api-error-message).
 */
const SALAIRES_CODES: ErrorMessages = {
  salarie_avec_paiements: 'salaires:errors.salarie_avec_paiements',
  salarie_inconnu: 'salaires:errors.salarie_inconnu',
  paiement_inconnu: 'salaires:errors.paiement_inconnu',
  date_paiement_future: 'salaires:errors.date_paiement_future',
  finance_ou_president_required: 'salaires:permissions.financeOuPresident',
  cin_invalide: 'salaires:validation.cinInvalide',
  taux_invalide: 'salaires:validation.tauxInvalide',
  mois_invalide: 'salaires:validation.moisRequired',
  methode_paiement_salaire_invalide: 'salaires:validation.methodeRequired',
  date_hors_plage: 'salaires:errors.date_hors_plage',
};

/** The failed call's code. */
export const salairesErrorCode = apiErrorCode;

/** The message key of a failed payroll call, by code; `fallback` for anything unexpected. */
export function salairesErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  return errorMessageKey(error, SALAIRES_CODES, fallback);
}

/**
 * Shows a refusal of a payroll form under its fields, in the user's language: each `field_codes`
 * code becomes its catalogue key (`errors:fields`), else the server's French text. Returns true
 * when every message concerns a field of the form (the caller then shows nothing else).
 */
export function applySalairesServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields: readonly string[],
): boolean {
  const body = apiErrorBody(error);
  const messages = body?.errors ?? {};
  const codes = body?.field_codes ?? {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  if (fields.length === 0) return false;
  const result: Record<string, string> = {};
  for (const field of fields) {
    const keys = (codes[field] ?? []).map(
      (fieldCode) => SALAIRES_CODES[fieldCode as ErrorCode] ?? fieldCodeKey(fieldCode),
    );
    result[field] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return Object.keys(result).every((field) => knownFields.includes(field));
}

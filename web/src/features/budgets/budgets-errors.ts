import type { FormikErrors } from 'formik';
import { apiErrorBody } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import { fieldCodeKey, serverErrorsToFormik } from '@/lib/form-errors';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the budgets' calls with a message of their own (spec 2 §8 "Budget update": 403 the
 * closed-year error, `INVALID_AMOUNT` a number-format error, otherwise a generic update error;
 * docs/api-exercices.md "Budgets"). The closed-year guard and the permission codes are common
 * (lib/api-error-message).
 */
const BUDGETS_CODES: ErrorMessages = {
  INVALID_AMOUNT: 'budgets:errors.INVALID_AMOUNT',
  budget_inconnu: 'budgets:errors.budget_inconnu',
  categorie_budget_inconnue: 'budgets:errors.categorie_budget_inconnue',
  categorie_en_double: 'budgets:errors.categorie_en_double',
  element_budget_inconnu: 'budgets:errors.element_budget_inconnu',
  approbateur_inconnu: 'budgets:errors.approbateur_inconnu',
};

/** Field codes with a text of the budgets' own (the others are in `errors:fields`). */
const BUDGETS_FIELD_CODES: Record<string, MessageKey> = {
  INVALID_AMOUNT: 'budgets:errors.INVALID_AMOUNT',
  categorie_en_double: 'budgets:errors.categorie_en_double',
  montant_negatif: 'budgets:validation.montantNegatif',
};

/** The message key of a failed budgets call, by code; `fallback` for anything unexpected. */
export function budgetsErrorKey(error: unknown, fallback: MessageKey = 'budgets:form.saveFailed'): MessageKey {
  return errorMessageKey(error, BUDGETS_CODES, fallback);
}

/**
 * Shows a refused edit's field errors under their fields (`elements.2.montant` under the third
 * element's amount), each code in the user's language. Returns true when the server named fields.
 */
export function applyBudgetServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
): boolean {
  const body = apiErrorBody(error);
  const codes = body?.field_codes ?? {};
  const messages = body?.errors ?? {};
  if (Object.keys(codes).length === 0 && Object.keys(messages).length === 0) return false;
  // Codes this feature words itself become catalogue keys before the common ones are looked up.
  const keyed: Record<string, string[]> = {};
  const rest: Record<string, string[]> = {};
  for (const [field, fieldCodes] of Object.entries(codes)) {
    const own = fieldCodes.map((code) => BUDGETS_FIELD_CODES[code] ?? fieldCodeKey(code));
    if (own.every((key) => key !== undefined)) keyed[field] = [own.join(' ')];
    else rest[field] = fieldCodes;
  }
  const formik = serverErrorsToFormik<Values>({ ...messages, ...keyed }, rest);
  setErrors(formik);
  return true;
}

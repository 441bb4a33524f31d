import type { FormikErrors } from 'formik';
import { DownloadError } from '@/api/download';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The debt recovery's refusals (issue 16; spec 1 §8: "SMS error: toast sms.error plus the server
 * message; letter error: lettreRecouvrement.error plus the server message"). Keyed by string: the
 * codes join the generated client with the server's routes.
 */
const RECOUVREMENT_CODES: Record<string, MessageKey> = {
  finance_ou_president_required: 'errors:finance_ou_president_required',
  occupant_inconnu: 'errors:occupant_inconnu',
  credits_sms_insuffisants: 'errors:credits_sms_insuffisants',
  aucun_impaye: 'errors:aucun_impaye',
};

/** The text of a refusal: this client's text for a code it knows, else the server's message. */
export function recouvrementErrorText(error: unknown): string {
  const code = error instanceof DownloadError ? error.code : (apiErrorCode(error) as string | undefined);
  const own = code === undefined ? undefined : RECOUVREMENT_CODES[code];
  if (own) return translateMessage(own);
  if (error instanceof DownloadError) return translateMessage('errors:general_error');
  const common = errorMessageKey(error);
  if (common !== 'errors:general_error') return translateMessage(common);
  return apiErrorBody(error)?.message || translateMessage('errors:general_error');
}

/** The codes of the SMS dialog's number (others in `errors:fields`). */
const FIELD_CODES: Record<string, Record<string, MessageKey>> = {
  tel: { tel_invalide: 'recouvrement:sms.telInvalide' },
};

/**
 * Shows the server's field refusals under their fields. Returns true when every refusal concerns
 * a field of the form.
 */
export function applyRecouvrementServerErrors<Values>(
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
    const keys = (codes[field] ?? []).map((code) => FIELD_CODES[field]?.[code] ?? fieldCodeKey(code));
    result[field] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return fields.every((field) => knownFields.includes(field));
}

import { apiErrorBody } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The assemblies' refusals (spec 3 §8 "Assemblies"): each failed action has its own toast
 * (created_error, update_error, …). Its description is this client's text for a common code
 * (president only, not found, connection lost…), else the server's own message (the server's
 * codes for assemblies are being written beside these screens), else nothing. Field refusals go
 * under their fields with lib/form-errors' `applyServerErrors`.
 */
export function assembleesErrorDetail(error: unknown): string | undefined {
  const common = errorMessageKey(error);
  if (common !== 'errors:general_error') return translateMessage(common);
  return apiErrorBody(error)?.message || undefined;
}

/** The arguments of `toast.error` for a failed action: its title and the refusal's detail. */
export function failureToast(title: MessageKey, error: unknown): [string, { description?: string }] {
  const description = assembleesErrorDetail(error);
  return [translateMessage(title), description ? { description } : {}];
}

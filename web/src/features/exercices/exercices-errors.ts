import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The closing's refusals (docs/api-exercices.md "POST /exercices/cloturer"; spec 2 §8, spec 3 §8
 * "Fiscal year and archive"): a 409 says why in the server's message; its known codes are said in
 * the user's language here (the Arabic screen shows no French), an unknown one with the server's
 * text. Keyed by string: these codes join the server's catalogue with its routes.
 */
const CLOTURE_CODES: Record<string, MessageKey> = {
  exercice_deja_cloture: 'exercices:errors.exercice_deja_cloture',
  exercice_non_termine: 'exercices:errors.exercice_non_termine',
  exercice_precedent_ouvert: 'exercices:errors.exercice_precedent_ouvert',
  livres_desequilibres: 'exercices:errors.livres_desequilibres',
  exercice_inconnu: 'exercices:errors.exercice_inconnu',
};

/** What a failed closing's toast says: a title, and a reason when there is one. */
export interface ClotureFailure {
  title: string;
  description?: string;
}

/**
 * The toast of a failed closing: for a 409 the reason itself (ours for a known code, else the
 * server's message); otherwise `exercice.closed_error` with the reason of a code every screen
 * knows (finance_required, validation_failed…).
 */
export function clotureFailure(error: unknown): ClotureFailure {
  const t = translateMessage;
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : CLOTURE_CODES[code];
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 409) {
    if (own) return { title: t(own) };
    const message = apiErrorBody(error)?.message;
    if (message) return { title: message };
  }
  const title = t('exercices:toast.closed_error');
  if (own) return { title, description: t(own) };
  const common = errorMessageKey(error, {}, 'exercices:toast.closed_error');
  return common === 'exercices:toast.closed_error' ? { title } : { title, description: t(common) };
}

/** The message key of a failed call: a code of the closing, a common one, else `fallback`. */
export function exercicesErrorKey(error: unknown, fallback: MessageKey): MessageKey {
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : CLOTURE_CODES[code];
  return own ?? errorMessageKey(error, {}, fallback);
}

import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The votes' refusals (spec 3 §8 "Votes": generic toasts for create, update, delete; not_found for
 * results). Keyed by string: the codes join the server's catalogue with its routes.
 */
const VOTES_CODES: Record<string, MessageKey> = {
  vote_introuvable: 'votes:errors.not_found',
  vote_verrouille: 'votes:lock.verrouille',
  vote_createur_requis: 'votes:lock.createur',
  vote_termine: 'votes:lock.termine',
  vote_inactif: 'votes:errors.inactif',
};

/** The text of a refusal: this client's text for a code it knows, else the server's message, else `fallback`. */
export function votesErrorText(error: unknown, fallback: MessageKey): string {
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : VOTES_CODES[code];
  if (own) return translateMessage(own);
  const common = errorMessageKey(error, {}, fallback);
  if (common !== fallback && common !== 'errors:general_error') return translateMessage(common);
  return apiErrorBody(error)?.message || translateMessage(fallback);
}

import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The votes' refusals (spec 3 §8 "Votes": generic toasts for create, update, delete; not_found for
 * results).
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
  return refusalText(error, VOTES_CODES, fallback);
}

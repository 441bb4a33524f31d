import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/** The votes' refusals (spec 3 §8: generic toasts for create, update and delete; toast.vote.voted_error). */
const VOTES_CODES: Record<string, MessageKey> = {
  vote_introuvable: 'votes:errors.not_found',
  vote_verrouille: 'votes:locks.closed',
  vote_termine: 'votes:locks.finished',
  vote_non_ouvert: 'votes:errors.not_open',
  createur_requis: 'votes:locks.creator',
  choix_invalide: 'votes:errors.choix_invalide',
};

/** The text of a refusal: this client's text for a code it knows, else the server's message, else `fallback`. */
export function votesErrorText(error: unknown, fallback: MessageKey): string {
  return refusalText(error, VOTES_CODES, fallback);
}

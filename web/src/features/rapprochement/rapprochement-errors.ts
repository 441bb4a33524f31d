import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the reconciliation's calls with a message of their own (api/src/error.rs, spec 2 §8).
 * The closed-year and no-open-year refusals of the operation dialog (403 exercice_cloture, 409
 * aucun_exercice_ouvert) are common codes, said in the user's language (lib/api-error-message).
 */
const RAPPROCHEMENT_CODES: ErrorMessages = {
  mouvement_inconnu: 'rapprochement:errors.mouvement_inconnu',
  compte_inconnu: 'rapprochement:errors.compte_inconnu',
};

/** The message key of a failed reconciliation call, by code; `fallback` for anything unexpected. */
export function rapprochementErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  return errorMessageKey(error, RAPPROCHEMENT_CODES, fallback);
}

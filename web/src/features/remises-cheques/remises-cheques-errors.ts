import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/**
 * Codes of the cheque-deposit calls with a message of their own (api/src/error.rs, spec 2 §8).
 * The ledger's guards (exercice_cloture, aucun_exercice_ouvert) and the permission codes are
 * common (lib/api-error-message).
 */
const REMISES_CODES: ErrorMessages = {
  aucun_cheque: 'remisesCheques:errors.aucun_cheque',
  cheque_indisponible: 'remisesCheques:errors.cheque_indisponible',
  remise_avant_cheque: 'remisesCheques:errors.remise_avant_cheque',
  remise_inconnue: 'remisesCheques:errors.remise_inconnue',
  compte_inconnu: 'remisesCheques:errors.compte_inconnu',
};

/** The message key of a failed cheque-deposit call, by code; `fallback` for anything unexpected. */
export function remisesErrorKey(error: unknown, fallback: MessageKey = 'errors:general_error'): MessageKey {
  return errorMessageKey(error, REMISES_CODES, fallback);
}

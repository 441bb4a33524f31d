import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/** Codes of the council calls with a message of their own (server contract, spec 2 §8). */
const CONSEIL_CODES: ErrorMessages = {
  deja_membre_conseil: 'conseil:errors.deja_membre_conseil',
  membre_conseil_protege: 'conseil:errors.membre_conseil_protege',
};

/** The message key of a failed council call, by code; `fallback` for anything unexpected. */
export function conseilErrorKey(error: unknown, fallback: MessageKey): MessageKey {
  return errorMessageKey(error, CONSEIL_CODES, fallback);
}

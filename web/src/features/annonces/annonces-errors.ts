import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/** The announcements' refusals (spec 3 §8: generic toasts for create, update and delete). */
const ANNONCES_CODES: Record<string, MessageKey> = {
  annonce_introuvable: 'annonces:errors.not_found',
  date_fin_passee: 'annonces:validation.dateFinPassee',
};

/** The text of a refusal: this client's text for a code it knows, else the server's message, else `fallback`. */
export function annoncesErrorText(error: unknown, fallback: MessageKey): string {
  return refusalText(error, ANNONCES_CODES, fallback);
}

import { refusalText } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/** The chat's refusals. */
const CHAT_CODES: Record<string, MessageKey> = {
  conversation_introuvable: 'chat:errors.conversation',
  message_vide: 'chat:validation.message',
};

/** The text of a refused message. */
export function chatErrorText(error: unknown): string {
  return refusalText(error, CHAT_CODES, 'chat:errors.send');
}

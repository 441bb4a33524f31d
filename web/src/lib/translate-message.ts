import i18n from 'i18next';

/**
 * Translates a validation message when it is a catalogue key (`auth:validation.telRequired`);
 * any other text (a server's field message, already in the user's language) is shown as is.
 */
export function translateMessage(message: string): string {
  if (/^[a-z][\w-]*:[\w.-]+$/i.test(message) && i18n.exists(message)) {
    return String(i18n.t(message as never));
  }
  return message;
}

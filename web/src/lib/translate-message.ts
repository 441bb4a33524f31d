import i18n from 'i18next';

const KEY = /^[a-z][\w-]*:[\w.-]+$/i;

/**
 * Translates a validation message when it is a catalogue key (`auth:validation.telRequired`), or
 * several keys separated by spaces (a server field with two codes); any other text (a server's
 * field message from a server this client does not fully know) is shown as is.
 */
export function translateMessage(message: string): string {
  const parts = message.split(' ');
  if (parts.every((part) => KEY.test(part) && i18n.exists(part))) {
    return parts.map((part) => String(i18n.t(part as never))).join(' ');
  }
  return message;
}

/**
 * What an SMS costs (issue 16, as the server counts it): a text whose every character is in the
 * GSM 03.38 alphabet is GSM-7, 160 characters in one SMS, 153 per part beyond (the characters of
 * the extension table — `^{}\[~]|€` and the form feed — take two); any other character (an Arabic
 * letter, `ê`, an emoji) makes it UCS-2, 70 UTF-16 units in one SMS, 67 per part beyond. Each
 * part costs one credit.
 */

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  length: number;
  segments: number;
  /** One per segment. */
  credits: number;
}

function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENSION.has(char)) length += 2;
    else return null;
  }
  return length;
}

/** The segments and credits of `text`. */
export function smsCount(text: string): SmsCount {
  const gsm = gsm7Length(text);
  const encoding: SmsEncoding = gsm === null ? 'UCS-2' : 'GSM-7';
  const length = gsm ?? text.length;
  const [single, part] = encoding === 'GSM-7' ? [160, 153] : [70, 67];
  const segments = length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / part);
  return { encoding, length, segments, credits: segments };
}

/** The label key of a message's state (spec 1 §4): sent and delivered "envoyé", queued "en cours". */
export function smsEtatKey(etat: string): 'envoye' | 'echoue' | 'encours' | null {
  if (etat === 'sent' || etat === 'delivered') return 'envoye';
  if (etat === 'failed') return 'echoue';
  if (etat === 'queued') return 'encours';
  return null;
}

/**
 * A fresh Idempotency-Key (a UUID v4). `crypto.randomUUID` exists only on secure pages; the
 * random bytes exist everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An RFC 3339 timestamp as `dd/MM/yyyy HH:mm`, in the user's time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

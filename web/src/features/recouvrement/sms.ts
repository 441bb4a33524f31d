/**
 * What an SMS costs (issue 16, as the server counts it): a text whose every character is in the
 * GSM 03.38 alphabet is GSM-7, 160 characters in one SMS, 153 per part beyond (the characters of
 * the extension table — `^{}\[~]|€` and the form feed — take two); any other character (an Arabic
 * letter, `ê`, `ç`, an emoji) makes it UCS-2, 70 UTF-16 units in one SMS, 67 per part beyond; a
 * character is never split between two parts. Each part costs one credit.
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

/** The septets of each character, or null when one is outside GSM-7. */
function gsm7Sizes(text: string): number[] | null {
  const sizes: number[] = [];
  for (const char of text) {
    if (GSM7_BASIC.has(char)) sizes.push(1);
    else if (GSM7_EXTENSION.has(char)) sizes.push(2);
    else return null;
  }
  return sizes;
}

/**
 * The parts of a text whose characters take `sizes`: one up to `single`, else parts of at most
 * `part`, a character never split between two parts (an extension character's two septets, an
 * emoji's two UTF-16 units). An empty text is one part, as the server counts it.
 */
function parts(sizes: readonly number[], single: number, part: number): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= single) return 1;
  let count = 1;
  let current = 0;
  for (const size of sizes) {
    if (current + size > part) {
      count += 1;
      current = 0;
    }
    current += size;
  }
  return count;
}

/** The segments and credits of `text` (the server's rule, api/src/sms/segments.rs). */
export function smsCount(text: string): SmsCount {
  const gsm = gsm7Sizes(text);
  const sizes = gsm ?? Array.from(text, (char) => char.length);
  const encoding: SmsEncoding = gsm === null ? 'UCS-2' : 'GSM-7';
  const [single, part] = encoding === 'GSM-7' ? [160, 153] : [70, 67];
  const segments = parts(sizes, single, part);
  const length = sizes.reduce((sum, size) => sum + size, 0);
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

/** Kept here for the recovery's callers; shared in lib/dates.ts. */
export { formatDateTime } from '@/lib/dates';

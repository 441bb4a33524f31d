import i18n from 'i18next';

/**
 * Money formatting, fr-FR style with 3 decimals and the dinar's unit: `1 234,500 DT` in French,
 * `1 234,500 د.ت` in Arabic (one label per language, values and form labels alike: docs/decisions.md).
 *
 * Separator choice: every space in the output (thousands grouping and the one before "DT") is
 * U+202F NARROW NO-BREAK SPACE, the character `Intl.NumberFormat('fr-FR')` itself uses for
 * grouping. It keeps an amount on one line in narrow table cells. Tests and anything that matches
 * displayed amounts must use {@link MONEY_SPACE} (or normalise `\s`), not a plain space.
 *
 * The formatting is done with integer arithmetic on millimes instead of Intl so that the output
 * does not depend on the ICU data of the browser or of Node, and no float rounding can change the
 * last digit of an amount.
 */
export const MONEY_SPACE = '\u202f';

/** 1 DT = 1000 millimes. */
export const MILLIMES_PER_DINAR = 1000;

const MINUS = '-';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, MONEY_SPACE);
}

/** Formats an integer amount of millimes without the unit: 1234500 → "1 234,500", 0 → "0,000". */
export function formatMillimesAmount(millimes: number): string {
  if (!Number.isFinite(millimes)) return '';
  const whole = Math.round(millimes);
  const negative = whole < 0;
  const absolute = Math.abs(whole);
  const dinars = Math.floor(absolute / MILLIMES_PER_DINAR);
  const rest = absolute % MILLIMES_PER_DINAR;
  const text = `${groupThousands(String(dinars))},${String(rest).padStart(3, '0')}`;
  return negative ? `${MINUS}${text}` : text;
}

/** The dinar's label in each language of the client. */
export const CURRENCY_UNITS = { fr: 'DT', ar: 'د.ت' } as const;

/** The dinar's label in the given language (by default the page's): "DT", or "د.ت" in Arabic. */
export function currencyUnit(language: string | undefined = i18n.language): string {
  return language?.startsWith('ar') ? CURRENCY_UNITS.ar : CURRENCY_UNITS.fr;
}

/**
 * Formats millimes with the unit: 1234500 → "1 234,500 DT", 0 → "0,000 DT" ("1 234,500 د.ت" on an
 * Arabic page: show it with `Dinars` or `dinarsText`, which keep the number left to right).
 */
export function formatMillimes(millimes: number, unit: string = currencyUnit()): string {
  return `${formatMillimesAmount(millimes)}${MONEY_SPACE}${unit}`;
}

/**
 * Converts a dinar amount as the server may send it (number, or decimal string such as
 * "1234.5" or "1234,500") into integer millimes. Returns null for anything that is not a number.
 */
export function dinarsToMillimes(dinars: number | string): number | null {
  const value = typeof dinars === 'string' ? Number(dinars.trim().replace(',', '.')) : dinars;
  if (typeof dinars === 'string' && dinars.trim() === '') return null;
  if (!Number.isFinite(value)) return null;
  // Round at the millime: 0.1 + 0.2 style float noise must not produce 299 millimes.
  return Math.round(value * MILLIMES_PER_DINAR);
}

/** Formats a dinar amount without the unit: 1234.5 → "1 234,500". */
export function formatDinarsAmount(dinars: number | string): string {
  const millimes = dinarsToMillimes(dinars);
  return millimes === null ? '' : formatMillimesAmount(millimes);
}

/** Formats a dinar amount with the unit: 1234.5 → "1 234,500 DT". */
export function formatDinars(dinars: number | string): string {
  const millimes = dinarsToMillimes(dinars);
  return millimes === null ? '' : formatMillimes(millimes);
}

/** The server's typo guard on whole-dinar amounts typed in a form. */
export const MAX_DINARS = 999_999_999;

/** Digits only (spec 1 §5: amounts typed in whole dinars). */
export const WHOLE_DINARS = /^\d+$/;

/** Whole dinars typed in a form ('' when empty), as the number the server expects. */
export function wholeDinars(text: string): number {
  return Number(text.trim());
}

/** "120" → true; "12,5", "-3", "1e3" → false (spec 1 §5: "digits only"), nor above MAX_DINARS. */
export function isWholeDinars(text: string | undefined): boolean {
  return text !== undefined && WHOLE_DINARS.test(text.trim()) && wholeDinars(text) <= MAX_DINARS;
}

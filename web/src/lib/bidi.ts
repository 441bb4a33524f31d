import i18n from 'i18next';
import { formatDinars } from './money';

/**
 * Text that reads left to right (an amount, a receipt number such as 2026-000042) inside a
 * translated sentence or an <option>, where no element can carry `dir`: on an Arabic page it is
 * wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE so that the sentence around it does
 * not reorder it ("000042-2026", "DT 40,000"). French text needs no marks.
 */
export function ltrText(text: string): string {
  return i18n.dir() === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** An amount in DT as {@link ltrText}. */
export function dinarsText(value: number): string {
  return ltrText(formatDinars(value));
}

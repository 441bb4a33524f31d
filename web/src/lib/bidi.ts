import i18n from 'i18next';
import { MONEY_SPACE, currencyUnit, formatDinars, formatDinarsAmount } from './money';

/**
 * Text that reads left to right (an amount, a receipt number such as 2026-000042) inside a
 * translated sentence or an <option>, where no element can carry `dir`: on an Arabic page it is
 * wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE so that the sentence around it does
 * not reorder it ("000042-2026", "DT 40,000"). French text needs no marks.
 */
export function ltrText(text: string): string {
  return i18n.dir() === 'rtl' ? `\u2066${text}\u2069` : text;
}

/**
 * An amount with the language's unit, for a translated sentence or an <option>: in Arabic the
 * number is isolated left to right and "د.ت" follows it in the sentence's direction.
 */
export function dinarsText(value: number): string {
  if (i18n.dir() !== 'rtl') return formatDinars(value);
  return `${ltrText(formatDinarsAmount(value))}${MONEY_SPACE}${currencyUnit()}`;
}

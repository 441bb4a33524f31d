import { formatDate } from './dates';

/**
 * Table search (spec 1 §5 "Tables"): case-insensitive, accent-insensitive, and a date stored as
 * `yyyy-MM-dd` also matches the way users read it, `dd/MM/yyyy`.
 */

/** Lower-cases and strips diacritics: "Élodie Ça" → "elodie ca". */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

const ISO_DATE_PREFIX = /^\d{4}-\d{2}-\d{2}/;

/** The text a cell value is searched in: its own text plus, for dates, the dd/MM/yyyy form. */
export function searchableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const shown = ISO_DATE_PREFIX.test(value) ? ` ${formatDate(value)}` : '';
    return normalizeForSearch(value + shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (Array.isArray(value)) return value.map(searchableText).join(' ');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map(searchableText)
      .join(' ');
  }
  return '';
}

/** True when every word of the query occurs in the value (words may match different parts). */
export function matchesSearch(value: unknown, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchableText(value);
  return words.every((word) => haystack.includes(word));
}

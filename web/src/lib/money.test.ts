import { describe, expect, it } from 'vitest';
import {
  MAX_DINARS,
  MONEY_SPACE,
  dinarsToMillimes,
  formatDinars,
  formatDinarsAmount,
  formatMillimes,
  formatMillimesAmount,
  isWholeDinars,
  wholeDinars,
} from './money';

/** Reads the expected text with plain spaces, compares with the narrow no-break spaces used. */
const s = (text: string) => text.replaceAll(' ', MONEY_SPACE);

describe('money formatting', () => {
  it('formats millimes as fr-FR dinars with 3 decimals and DT', () => {
    expect(formatMillimes(1234500)).toBe(s('1 234,500 DT'));
  });

  it('formats zero as 0,000', () => {
    expect(formatMillimesAmount(0)).toBe('0,000');
    expect(formatMillimes(0)).toBe(s('0,000 DT'));
  });

  it('keeps every millime and pads the decimals', () => {
    expect(formatMillimes(1)).toBe(s('0,001 DT'));
    expect(formatMillimes(999)).toBe(s('0,999 DT'));
    expect(formatMillimes(1000)).toBe(s('1,000 DT'));
    expect(formatMillimes(12_345_678_901)).toBe(s('12 345 678,901 DT'));
  });

  it('formats negative amounts with a leading minus', () => {
    expect(formatMillimes(-1234500)).toBe(s('-1 234,500 DT'));
    expect(formatMillimesAmount(-5)).toBe('-0,005');
  });

  it('uses the narrow no-break space everywhere and never a plain space', () => {
    expect(formatMillimes(1234500)).not.toContain(' ');
    expect(MONEY_SPACE).toBe('\u202f');
  });

  it('formats dinar numbers and decimal strings from the server', () => {
    expect(formatDinars(1234.5)).toBe(s('1 234,500 DT'));
    expect(formatDinars('1234.500')).toBe(s('1 234,500 DT'));
    expect(formatDinars('0')).toBe(s('0,000 DT'));
    expect(formatDinarsAmount(0)).toBe('0,000');
  });

  it('converts dinars to millimes without float noise', () => {
    expect(dinarsToMillimes(0.1 + 0.2)).toBe(300);
    expect(dinarsToMillimes('12,345')).toBe(12345);
    expect(dinarsToMillimes('')).toBeNull();
    expect(dinarsToMillimes('abc')).toBeNull();
    expect(formatDinars('abc')).toBe('');
  });

  it('reads whole dinars typed in a form, digits only, up to the typo guard', () => {
    expect(wholeDinars(' 120 ')).toBe(120);
    expect(isWholeDinars('120')).toBe(true);
    expect(isWholeDinars(String(MAX_DINARS))).toBe(true);
    for (const text of ['12,5', '-3', '1e3', '', String(MAX_DINARS + 1), undefined]) {
      expect(isWholeDinars(text), String(text)).toBe(false);
    }
  });
});

describe('the currency label', () => {
  it('is DT in French and د.ت in Arabic, the same in values and labels (docs/decisions.md)', async () => {
    const { default: i18n } = await import('@/i18n');
    const { currencyUnit } = await import('./money');
    expect(currencyUnit('fr')).toBe('DT');
    expect(currencyUnit('ar')).toBe('د.ت');
    await i18n.changeLanguage('ar');
    try {
      expect(formatMillimes(40000)).toBe(`40,000${MONEY_SPACE}د.ت`);
    } finally {
      await i18n.changeLanguage('fr');
    }
    expect(formatMillimes(40000)).toBe(`40,000${MONEY_SPACE}DT`);
  });
});

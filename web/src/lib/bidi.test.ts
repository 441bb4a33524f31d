import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { dinarsText, ltrText } from './bidi';
import { MONEY_SPACE } from './money';

describe('left-to-right text inside a sentence', () => {
  afterEach(() => i18n.changeLanguage('fr'));

  it('needs no marks in French', () => {
    expect(ltrText('2026-000042')).toBe('2026-000042');
    expect(dinarsText(-40)).toBe(`-40,000${MONEY_SPACE}DT`);
  });

  it('is isolated on an Arabic page', async () => {
    await i18n.changeLanguage('ar');
    expect(ltrText('2026-000042')).toBe('\u20662026-000042\u2069');
    expect(dinarsText(-40)).toBe(`\u2066-40,000\u2069${MONEY_SPACE}د.ت`);
  });
});

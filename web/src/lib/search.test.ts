import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch, searchableText } from './search';

describe('table search', () => {
  it('ignores case and accents on both sides', () => {
    expect(matchesSearch('Élodie Ben Aïssa', 'elodie')).toBe(true);
    expect(matchesSearch('Élodie Ben Aïssa', 'AISSA')).toBe(true);
    expect(matchesSearch('Cotisation Eté', 'été')).toBe(true);
    expect(matchesSearch('Résidence', 'RESIDENCE')).toBe(true);
    expect(normalizeForSearch('  Çà ÉTÉ  ')).toBe('ca ete');
  });

  it('finds a yyyy-MM-dd value by the dd/MM/yyyy a user reads', () => {
    expect(matchesSearch('2026-03-05', '05/03/2026')).toBe(true);
    expect(matchesSearch('2026-03-05', '05/03')).toBe(true);
    expect(matchesSearch('2026-03-05', '2026-03')).toBe(true);
    expect(matchesSearch('2026-03-05', '06/03/2026')).toBe(false);
    expect(searchableText('2026-03-05')).toContain('05/03/2026');
  });

  it('requires every word, anywhere in the row', () => {
    const row = ['Dupont', 'Appartement B2', '2026-01-15', 1500];
    expect(matchesSearch(row, 'dupont b2')).toBe(true);
    expect(matchesSearch(row, 'dupont 15/01/2026')).toBe(true);
    expect(matchesSearch(row, 'dupont c3')).toBe(false);
    expect(matchesSearch(row, '1500')).toBe(true);
  });

  it('matches everything with an empty query and ignores missing values', () => {
    expect(matchesSearch(null, '')).toBe(true);
    expect(matchesSearch(null, 'x')).toBe(false);
    expect(matchesSearch({ nom: 'Ali', tel: undefined }, 'ali')).toBe(true);
  });
});

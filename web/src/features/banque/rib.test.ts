import { describe, expect, it } from 'vitest';
import { cleRibCorrecte, ibanValide, ribValide } from './rib';

/** A RIB with its key computed the way the form checks it. */
function ribAvecCle(prefix18: string): string {
  const banque = Number(prefix18.slice(0, 2));
  const agence = Number(prefix18.slice(2, 5));
  const compte = Number(prefix18.slice(5, 18));
  const cle = 97 - ((89 * banque + 15 * agence + 3 * compte) % 97);
  return `${prefix18}${String(cle).padStart(2, '0')}`;
}

describe('RIB and IBAN', () => {
  it('wants 20 digits, spaces ignored', () => {
    expect(ribValide('08 006 0123456789012 34')).toBe(true);
    expect(ribValide('0800601234567890123')).toBe(false);
    expect(ribValide('0800601234567890123A')).toBe(false);
  });

  it('checks the key: 97 − ((89 × bank + 15 × branch + 3 × account) mod 97)', () => {
    const rib = ribAvecCle('080060123456789012');
    expect(cleRibCorrecte(rib)).toBe(true);
    expect(cleRibCorrecte(`${rib.slice(0, 18)}${rib.slice(18) === '00' ? '01' : '00'}`)).toBe(false);
    // 89 × 10 + 15 × 1 + 3 × 1 = 908, 908 mod 97 = 35, key 62.
    expect(cleRibCorrecte('10001000000000000162')).toBe(true);
    expect(cleRibCorrecte('1000100000000000016')).toBe(false);
  });

  it('wants TN and 22 digits for an IBAN', () => {
    expect(ibanValide('TN59 0800 6012 3456 7890 1234')).toBe(true);
    expect(ibanValide('tn5908006012345678901234')).toBe(true);
    expect(ibanValide('FR5908006012345678901234')).toBe(false);
    expect(ibanValide('TN590800601234567890123')).toBe(false);
  });
});

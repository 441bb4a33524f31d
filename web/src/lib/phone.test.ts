import { describe, expect, it } from 'vitest';
import { emptyToNull, formatTel, isOptionalTel } from './phone';

describe('phone numbers', () => {
  it('shows 8 digits with the +216 prefix, grouped', () => {
    expect(formatTel('20000001')).toBe('+216 20 000 001');
    expect(formatTel(' 29123456 ')).toBe('+216 29 123 456');
  });

  it('shows nothing for a missing number', () => {
    expect(formatTel(null)).toBe('');
    expect(formatTel('')).toBe('');
  });

  it('accepts an empty number or exactly 8 digits', () => {
    expect(isOptionalTel('')).toBe(true);
    expect(isOptionalTel(undefined)).toBe(true);
    expect(isOptionalTel('12345678')).toBe(true);
    expect(isOptionalTel('1234567')).toBe(false);
    expect(isOptionalTel('123456789')).toBe(false);
    expect(isOptionalTel('1234 678')).toBe(false);
  });

  it('sends null for an empty optional field', () => {
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(' a@b.tn ')).toBe('a@b.tn');
  });
});

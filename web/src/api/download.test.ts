import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

const headers = (name?: string) => new Headers(name === undefined ? {} : { 'x-file-name': name });

describe('fileNameFrom', () => {
  it('uses the x-file-name header, percent-decoded', () => {
    expect(fileNameFrom(headers('recu_2026-000042.pdf'), 'x.pdf')).toBe('recu_2026-000042.pdf');
    expect(fileNameFrom(headers('re%C3%A7u_2026-000042.pdf'), 'x.pdf')).toBe('reçu_2026-000042.pdf');
  });

  it('keeps a name that is not percent-encoded', () => {
    expect(fileNameFrom(headers('100%_paye.pdf'), 'x.pdf')).toBe('100%_paye.pdf');
  });

  it('falls back when the header is missing or empty, and drops folders', () => {
    expect(fileNameFrom(headers(), 'reçu_cotisation.pdf')).toBe('reçu_cotisation.pdf');
    expect(fileNameFrom(headers('  '), 'reçu_cotisation.pdf')).toBe('reçu_cotisation.pdf');
    expect(fileNameFrom(headers('..%2F..%2Fetc%2Frecu.pdf'), 'x.pdf')).toBe('recu.pdf');
  });
});

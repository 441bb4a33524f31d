import { describe, expect, it } from 'vitest';
import { inLanguage, recuEncaissementPath } from './use-receipt';

describe('receipt language', () => {
  it('asks for the Arabic receipt when the interface is in Arabic, the default one otherwise', () => {
    const path = recuEncaissementPath(12);
    expect(inLanguage(path, 'ar')).toBe('/api/cotisations/encaissement/recu?encaissement_id=12&langue=ar');
    expect(inLanguage(path, 'fr')).toBe(path);
  });
});

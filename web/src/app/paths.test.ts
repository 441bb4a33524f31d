import { describe, expect, it } from 'vitest';
import { afterSignInPath, signInFrom } from './paths';

const syndic = { is_syndic: true };
const coowner = { is_syndic: false };

describe('where a user goes after signing in', () => {
  it('goes back to the page a guard recorded, query and all', () => {
    expect(afterSignInPath(syndic, '/syndic/banque/comptes?page=3#haut')).toBe('/syndic/banque/comptes?page=3#haut');
  });

  it('goes home when no page was recorded', () => {
    expect(afterSignInPath(syndic, null)).toBe('/syndic/tableau-de-bord');
    expect(afterSignInPath(coowner, undefined)).toBe('/coproprietaire/tableau-de-bord');
  });

  it("never sends a co-owner into the syndic's space", () => {
    expect(afterSignInPath(coowner, '/syndic')).toBe('/coproprietaire/tableau-de-bord');
    expect(afterSignInPath(coowner, '/syndic/revenus/cotisations')).toBe('/coproprietaire/tableau-de-bord');
    expect(afterSignInPath(coowner, '/coproprietaire/cotisations')).toBe('/coproprietaire/cotisations');
  });

  it('refuses addresses outside the app and the sign-in pages themselves', () => {
    expect(afterSignInPath(syndic, 'https://example.com/syndic')).toBe('/syndic/tableau-de-bord');
    expect(afterSignInPath(syndic, '//example.com/x')).toBe('/syndic/tableau-de-bord');
    expect(afterSignInPath(syndic, '/login?next=x')).toBe('/syndic/tableau-de-bord');
    expect(afterSignInPath(syndic, '/unauthorized')).toBe('/syndic/tableau-de-bord');
    expect(afterSignInPath(syndic, '/')).toBe('/syndic/tableau-de-bord');
  });

  it("reads the recorded page from a location's state, ignoring anything else", () => {
    expect(signInFrom({ from: '/syndic/banque' })).toBe('/syndic/banque');
    expect(signInFrom({ from: 3 })).toBeNull();
    expect(signInFrom(null)).toBeNull();
    expect(signInFrom('x')).toBeNull();
  });
});

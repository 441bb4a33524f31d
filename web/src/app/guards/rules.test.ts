import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/fake-server';
import {
  accessRedirect,
  financeOrPresidentRedirect,
  financeRedirect,
  presidentRedirect,
  syndicRedirect,
} from './rules';

const signedOut = { user: null, userInactive: false, residenceInactive: false };
const signedIn = (overrides: Parameters<typeof makeUser>[0] = {}) => ({
  user: makeUser(overrides),
  userInactive: false,
  residenceInactive: false,
});
const inactiveUser = { user: null, userInactive: true, residenceInactive: false };
const inactiveResidence = { user: null, userInactive: false, residenceInactive: true };

describe('access guard', () => {
  it('sends an inactive user or residence to /inactive', () => {
    expect(accessRedirect(inactiveUser, '/coproprietaire/tableau-de-bord')).toBe('/inactive');
    expect(accessRedirect(inactiveResidence, '/coproprietaire/tableau-de-bord')).toBe('/inactive');
  });

  it('sends a signed-out visitor to /login', () => {
    expect(accessRedirect(signedOut, '/coproprietaire/tableau-de-bord')).toBe('/login');
  });

  it('sends a user whose registration is not finalized to /informations-generales', () => {
    expect(accessRedirect(signedIn({ is_registration_finalized: false }), '/coproprietaire/tableau-de-bord')).toBe(
      '/informations-generales',
    );
    expect(accessRedirect(signedIn({ is_registration_finalized: false }), '/informations-generales')).toBeNull();
  });

  it('sends a finalized user away from /informations-generales', () => {
    expect(accessRedirect(signedIn(), '/informations-generales')).toBe('/coproprietaire/tableau-de-bord');
  });

  it('lets a finalized user through', () => {
    expect(accessRedirect(signedIn(), '/coproprietaire/tableau-de-bord')).toBeNull();
  });
});

describe('syndic guard', () => {
  it('checks inactivity, then sign-in, then the syndic flag', () => {
    expect(syndicRedirect(inactiveUser)).toBe('/inactive');
    expect(syndicRedirect(inactiveResidence)).toBe('/inactive');
    expect(syndicRedirect(signedOut)).toBe('/login');
    expect(syndicRedirect(signedIn({ is_syndic: false }))).toBe('/unauthorized');
    expect(syndicRedirect(signedIn({ is_syndic: true }))).toBeNull();
  });
});

describe('finance guard', () => {
  it('sends a signed-out visitor to /login and a non-finance user to /unauthorized', () => {
    expect(financeRedirect(signedOut)).toBe('/login');
    expect(financeRedirect(signedIn({ is_syndic: true, is_finance: false }))).toBe('/unauthorized');
    expect(financeRedirect(signedIn({ is_syndic: true, is_finance: true }))).toBeNull();
  });
});

describe('president guard', () => {
  it('sends a signed-out visitor to /login and a user who is not president to /unauthorized', () => {
    expect(presidentRedirect(inactiveUser)).toBe('/inactive');
    expect(presidentRedirect(signedOut)).toBe('/login');
    expect(presidentRedirect(signedIn({ is_syndic: true, is_finance: true, is_president: false }))).toBe(
      '/unauthorized',
    );
    expect(presidentRedirect(signedIn({ is_syndic: true, is_president: true }))).toBeNull();
  });
});

describe('finance-or-president guard', () => {
  it('lets the treasurer or the president in, sends other members to /unauthorized', () => {
    expect(financeOrPresidentRedirect(inactiveUser)).toBe('/inactive');
    expect(financeOrPresidentRedirect(signedOut)).toBe('/login');
    expect(financeOrPresidentRedirect(signedIn({ is_syndic: true }))).toBe('/unauthorized');
    expect(financeOrPresidentRedirect(signedIn({ is_syndic: true, is_finance: true }))).toBeNull();
    expect(financeOrPresidentRedirect(signedIn({ is_syndic: true, is_president: true }))).toBeNull();
  });
});

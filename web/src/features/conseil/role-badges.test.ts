import { describe, expect, it } from 'vitest';
import { conseilRoles, isProtectedMembre } from './role-badges';

describe('council roles', () => {
  it('derives president and finance from the permissions, otherwise member for a syndic user', () => {
    expect(conseilRoles({ roles: ['syndic'], permissions: ['president'] })).toEqual(['president']);
    expect(conseilRoles({ roles: ['syndic'], permissions: ['finance'] })).toEqual(['finance']);
    expect(conseilRoles({ roles: ['syndic'], permissions: ['president', 'finance'] })).toEqual([
      'president',
      'finance',
    ]);
    expect(conseilRoles({ roles: ['syndic'], permissions: [] })).toEqual(['membre']);
    expect(conseilRoles({ roles: [], permissions: [] })).toEqual([]);
  });

  it('protects the president and the treasurer from removal', () => {
    expect(isProtectedMembre({ permissions: ['president'] })).toBe(true);
    expect(isProtectedMembre({ permissions: ['finance'] })).toBe(true);
    expect(isProtectedMembre({ permissions: [] })).toBe(false);
  });
});

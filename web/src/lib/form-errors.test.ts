import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, serverErrorsToFormik } from './form-errors';

const failure = (errors: Record<string, string[]>) => ({
  status: 422,
  data: { success: false, code: 'validation_failed', message: 'x', errors },
});

describe('server field errors', () => {
  it('nests dotted and bracketed list keys', () => {
    expect(serverErrorsToFormik({ 'lignes.0.montant': ['a'], 'lignes[1].montant': ['b', 'c'], titre: ['d'] })).toEqual({
      lignes: [{ montant: 'a' }, { montant: 'b c' }],
      titre: 'd',
    });
  });

  it('knows that a list line belongs to its list field, whatever the notation', () => {
    const setErrors = vi.fn();
    expect(applyServerErrors(failure({ 'repartitions[2].montant': ['x'] }), setErrors, ['repartitions'])).toBe(true);
    expect(applyServerErrors(failure({ 'repartitions.2.montant': ['x'] }), setErrors, ['repartitions'])).toBe(true);
    expect(applyServerErrors(failure({ propriete_id: ['x'] }), setErrors, ['repartitions'])).toBe(false);
  });
});

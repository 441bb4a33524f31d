import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { applyServerErrors, serverErrorsToFormik } from './form-errors';
import { translateMessage } from './translate-message';

const failure = (errors: Record<string, string[]>, fieldCodes?: Record<string, string[]>) => ({
  status: 422,
  data: {
    success: false,
    code: 'validation_failed',
    message: 'x',
    errors,
    ...(fieldCodes ? { field_codes: fieldCodes } : {}),
  },
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

describe('server field codes', () => {
  it('turns a known code into its catalogue key, shown in the active language', async () => {
    const setErrors = vi.fn();
    const error = failure(
      { montant: ['Le montant doit être supérieur à 0.'], 'lignes.1.montant': ['Le montant est trop élevé.'] },
      { montant: ['montant_positif'], 'lignes.1.montant': ['montant_trop_eleve'] },
    );
    expect(applyServerErrors(error, setErrors, ['montant', 'lignes'])).toBe(true);
    const errors = setErrors.mock.calls[0]?.[0] as { montant: string; lignes: { montant: string }[] };
    expect(errors).toEqual({
      montant: 'errors:fields.montant_positif',
      lignes: [undefined, { montant: 'errors:fields.montant_trop_eleve' }],
    });
    expect(translateMessage(errors.montant)).toBe('Le montant doit être supérieur à 0.');
    await i18n.changeLanguage('ar');
    expect(translateMessage(errors.montant)).toBe('يجب أن يكون المبلغ أكبر من 0.');
  });

  it('keeps every code of a field, each translated', async () => {
    const formik = serverErrorsToFormik<{ titre: string }>(
      { titre: ['Ce champ est obligatoire.', 'Ce texte contient des caractères non autorisés.'] },
      { titre: ['champ_obligatoire', 'caracteres_interdits'] },
    );
    expect(formik.titre).toBe('errors:fields.champ_obligatoire errors:fields.caracteres_interdits');
    await i18n.changeLanguage('ar');
    expect(translateMessage(formik.titre ?? '')).toBe('هذا الحقل إجباري. يحتوي هذا النصّ على أحرف غير مسموح بها.');
  });

  it("shows the server's text when no field_codes are sent", () => {
    expect(serverErrorsToFormik({ tel: ['Le téléphone doit contenir exactement 8 chiffres.'] })).toEqual({
      tel: 'Le téléphone doit contenir exactement 8 chiffres.',
    });
    const setErrors = vi.fn();
    applyServerErrors(failure({ tel: ['Texte du serveur.'] }), setErrors);
    expect(setErrors).toHaveBeenCalledWith({ tel: 'Texte du serveur.' });
  });

  it("falls back to the server's text for a code the catalogue does not have", () => {
    expect(
      serverErrorsToFormik(
        { iban: ["L'IBAN est invalide."], email: ["L'adresse e-mail est invalide."] },
        { iban: ['iban_invalide'], email: ['email_invalide'] },
      ),
    ).toEqual({ iban: "L'IBAN est invalide.", email: 'errors:fields.email_invalide' });
    // One unknown code among known ones: the whole field keeps the server's text.
    expect(
      serverErrorsToFormik({ nom: ['Texte A.', 'Texte B.'] }, { nom: ['champ_obligatoire', 'code_inconnu'] }),
    ).toEqual({ nom: 'Texte A. Texte B.' });
    // Not a key of the section's parent either.
    expect(serverErrorsToFormik({ nom: ['Texte.'] }, { nom: ['toString'] })).toEqual({ nom: 'Texte.' });
  });

  it('leaves plain text alone when translating', () => {
    expect(translateMessage('Texte du serveur : 8 chiffres.')).toBe('Texte du serveur : 8 chiffres.');
    expect(translateMessage('errors:fields.inexistant')).toBe('errors:fields.inexistant');
  });
});

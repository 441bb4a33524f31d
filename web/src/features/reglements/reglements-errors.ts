import type { FormikErrors } from 'formik';
import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { errorMessageKey } from '@/lib/api-error-message';
import { fieldCodeKey } from '@/lib/form-errors';
import { translateMessage } from '@/lib/translate-message';
import type { MessageKey } from '@/lib/validation';

/**
 * The regulations' refusals (spec 3 §8 "Fiscal year and archive": a creation's error shows the
 * server's message, else created_error; a deletion's, deletion_failed). Keyed by string: the
 * codes join the server's catalogue with its routes.
 */
const REGLEMENTS_CODES: Record<string, MessageKey> = {
  reglement_introuvable: 'reglements:errors.reglement_introuvable',
};

/** The codes of the creation's fields with a text of this form (the others are in `errors:fields`). */
const FIELD_CODES: Record<string, Record<string, MessageKey>> = {
  titre: {
    champ_obligatoire: 'reglements:validation.titre',
    titre_trop_long: 'reglements:validation.titreTropLong',
    une_seule_ligne: 'reglements:validation.uneSeuleLigne',
  },
  doc: {
    champ_obligatoire: 'reglements:validation.document',
    pdf_requis: 'reglements:validation.pdfRequis',
    pdfTooLarge: 'reglements:validation.pdfTooLarge',
    fichier_invalide: 'reglements:validation.pdfRequis',
  },
  commentaire: { commentaire_trop_long: 'reglements:validation.commentaireTropLong' },
};

/**
 * The text of a refusal, in the user's language when this client knows its code; else the
 * server's own message when it sent one; else `fallback` (spec 3 §8).
 */
export function reglementsErrorText(error: unknown, fallback: MessageKey): string {
  const code = apiErrorCode(error) as string | undefined;
  const own = code === undefined ? undefined : REGLEMENTS_CODES[code];
  if (own) return translateMessage(own);
  const common = errorMessageKey(error, {}, fallback);
  if (common !== fallback && common !== 'errors:general_error') return translateMessage(common);
  const message = apiErrorBody(error)?.message;
  return message ? message : translateMessage(fallback);
}

/**
 * Shows the creation's field refusals under their fields (`field_codes` as catalogue keys, else
 * the server's French text). Returns true when every message concerns a field of the form (the
 * caller then shows nothing else).
 */
export function applyReglementServerErrors<Values>(
  error: unknown,
  setErrors: (errors: FormikErrors<Values>) => void,
  knownFields: readonly string[],
): boolean {
  const body = apiErrorBody(error);
  const messages = body?.errors ?? {};
  const codes = body?.field_codes ?? {};
  const fields = [...new Set([...Object.keys(messages), ...Object.keys(codes)])];
  if (fields.length === 0) return false;
  const result: Record<string, string> = {};
  for (const field of fields) {
    const keys = (codes[field] ?? []).map((code) => FIELD_CODES[field]?.[code] ?? fieldCodeKey(code));
    result[field] =
      keys.length > 0 && keys.every((key) => key !== undefined) ? keys.join(' ') : (messages[field] ?? []).join(' ');
  }
  setErrors(result as FormikErrors<Values>);
  return fields.every((field) => knownFields.includes(field));
}

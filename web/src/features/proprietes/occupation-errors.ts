import type { ErrorCode } from '@/api/errors';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';

/** Codes of the occupancy calls with a message of their own (server contract, spec 2 §8). */
const OCCUPATION_CODES: ErrorMessages = {
  occupation_payeur_non_supprimable: 'proprietes:errors.occupation_payeur_non_supprimable',
  dates_occupation_invalides: 'proprietes:errors.dates_occupation_invalides',
  payeur_manquant: 'proprietes:errors.payeur_manquant',
  occupant_inconnu: 'proprietes:errors.occupant_inconnu',
  propriete_inconnue: 'proprietes:errors.propriete_inconnue',
  occupation_inconnue: 'proprietes:errors.occupation_inconnue',
  tel_deja_utilise: 'proprietes:errors.tel_deja_utilise',
};

/** The message key of a failed occupancy call, by code; `fallback` for anything unexpected. */
export function occupationErrorKey(error: unknown, fallback: MessageKey): MessageKey {
  return errorMessageKey(error, OCCUPATION_CODES, fallback);
}

/**
 * Refusals about one field of the occupant or the dates: shown under that field rather than in a
 * toast. Field names are the occupant dialog's; the edit form prefixes them with `occupant_`.
 */
const FIELD_CODES: Partial<Record<ErrorCode, { field: 'nom' | 'tel' | 'email' | 'date_fin'; message: MessageKey }>> = {
  occupant_nom_invalide: { field: 'nom', message: 'proprietes:errors.occupant_nom_invalide' },
  tel_invalide: { field: 'tel', message: 'proprietes:validation.telInvalid' },
  tel_deja_utilise: { field: 'tel', message: 'proprietes:errors.tel_deja_utilise' },
  email_invalide: { field: 'email', message: 'proprietes:validation.emailInvalid' },
  dates_occupation_invalides: { field: 'date_fin', message: 'proprietes:errors.dates_occupation_invalides' },
};

/**
 * Puts a field-level refusal under its field. `fields` maps the code's field to the form's name
 * (absent: the form has no such field). Returns true when the error was shown this way.
 */
export function applyFieldCode(
  code: ErrorCode | undefined,
  setFieldError: (field: string, message: string) => void,
  fields: Partial<Record<'nom' | 'tel' | 'email' | 'date_fin', string>>,
): boolean {
  const target = code === undefined ? undefined : FIELD_CODES[code];
  const field = target && fields[target.field];
  if (!target || !field) return false;
  setFieldError(field, target.message);
  return true;
}

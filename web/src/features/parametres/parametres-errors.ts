import { apiErrorBody, apiErrorCode } from '@/api/errors';
import { currentLanguage } from '@/i18n';
import { errorMessageKey, type ErrorMessages } from '@/lib/api-error-message';
import type { MessageKey } from '@/lib/validation';
import { translateMessage } from '@/lib/translate-message';

/** The settings' own codes (api/src/error.rs, "Account settings and e-mail verification"). */
export const PARAMETRES_ERRORS: ErrorMessages = {
  email_manquant: 'parametres:errors.email_manquant',
  email_deja_verifie: 'parametres:errors.email_deja_verifie',
  envoi_email_echoue: 'parametres:errors.envoi_email_echoue',
  email_modifie_envoi_echoue: 'parametres:errors.email_modifie_envoi_echoue',
  lien_verification_invalide: 'parametres:errors.lien_verification_invalide',
  lien_verification_autre_utilisateur: 'parametres:errors.lien_verification_autre_utilisateur',
  lien_verification_utilise: 'parametres:errors.lien_verification_utilise',
  lien_verification_expire: 'parametres:errors.lien_verification_expire',
  lien_verification_perime: 'parametres:errors.lien_verification_perime',
  too_many_attempts: 'parametres:errors.too_many_attempts',
};

/**
 * What to say when a settings call failed (spec 3 §8 "Settings": "the server message or
 * <fallback>"): a code this client knows, in the user's language; else the server's (French)
 * message on a French screen; else the fallback.
 */
export function failureMessage(error: unknown, fallback: MessageKey): string {
  const code = apiErrorCode(error);
  const key = errorMessageKey(error, PARAMETRES_ERRORS, fallback);
  if (key !== fallback || code === undefined) return translateMessage(key);
  const message = apiErrorBody(error)?.message;
  if (message && currentLanguage() === 'fr') return message;
  return translateMessage(fallback);
}

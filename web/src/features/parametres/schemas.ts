import { object, ref, string } from '@/lib/validation';

/**
 * The settings' forms (spec 3 §5 "Change email", "Change password"), mirroring the server's rules
 * (POST /api/parametres/modifier-email, /modifier-mdp) with the spec's messages.
 */

/** The shortest new password (spec 3 §9: 12 characters when changing). */
export const MIN_NEW_PASSWORD = 12;

export interface EmailValues {
  email: string;
}

export const emailSchema = object({
  email: string()
    .trim()
    .required('parametres:validation.required')
    .email('parametres:validation.emailInvalid')
    .max(254, 'parametres:validation.emailInvalid'),
});

export interface PasswordValues {
  old_password: string;
  new_password: string;
  new_password_confirmation: string;
}

export const emptyPassword: PasswordValues = { old_password: '', new_password: '', new_password_confirmation: '' };

/** The fields the server may answer errors for. */
export const PASSWORD_FIELDS = ['old_password', 'new_password', 'new_password_confirmation'] as const;

export const passwordSchema = object({
  old_password: string().required('parametres:validation.required'),
  new_password: string()
    .required('parametres:validation.required')
    .min(MIN_NEW_PASSWORD, 'parametres:validation.passwordTooShort'),
  new_password_confirmation: string()
    .required('parametres:validation.required')
    .oneOf([ref('new_password')], 'parametres:validation.passwordsDiffer'),
});

/**
 * The API address a verification link names (`verify_url`), when it is one this client may open:
 * this server's `/api/email/verify/{token}`; anything else (another site, another path) is not
 * fetched with the user's session. Returns the token.
 */
export function verificationToken(verifyUrl: string | null, origin: string = window.location.origin): string | null {
  if (!verifyUrl) return null;
  let url: URL;
  try {
    url = new URL(verifyUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = /^\/api\/email\/verify\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
  return match?.[1] ?? null;
}

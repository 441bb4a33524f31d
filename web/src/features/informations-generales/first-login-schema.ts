import type { AuthUser, FirstLoginInfoRequest, Sexe } from '@/api/generated';
import type { User } from '@/api/types';
import { isIsoDate, todayIso } from '@/lib/dates';
import { boolean, isoDate, object, string } from '@/lib/validation';

/**
 * The first-login form (spec 3 §2.13, §5 "First login"): e-mail, gender, birth date and the terms
 * checkbox. The rules mirror the server's (POST /api/first-login-info), so that a refusal is rare:
 * e-mail required and valid, gender homme or femme, birth date required, a real date, from
 * 1 January 1900 to today; the terms must be accepted (client only: the server is not sent it).
 */

export const GENDERS = ['homme', 'femme'] as const satisfies readonly Sexe[];

/** The earliest birth date the server accepts. */
export const BIRTHDAY_MIN = '1900-01-01';

/** The form's field names the server may answer errors for. */
export const FIRST_LOGIN_FIELDS = ['email', 'birthday', 'gender'] as const;

export interface FirstLoginValues {
  email: string;
  gender: Sexe | '';
  /** `yyyy-MM-dd` once the typed text is a date (DateField), else the raw text. */
  birthday: string;
  terms: boolean;
}

export const emptyFirstLogin: FirstLoginValues = { email: '', gender: '', birthday: '', terms: false };

/** `today` (`yyyy-MM-dd`) is the latest birth date accepted. */
export function firstLoginSchema(today: string = todayIso()) {
  return object({
    email: string()
      .trim()
      .required('pages:informationsGenerales.validation.emailRequired')
      .email('errors:fields.email_invalide'),
    gender: string()
      .required('pages:informationsGenerales.validation.genderRequired')
      .test('sexe', 'errors:fields.sexe_invalide', (value) => !value || (GENDERS as readonly string[]).includes(value)),
    birthday: isoDate()
      .required('pages:informationsGenerales.validation.birthdayRequired')
      .test(
        'naissance',
        'errors:fields.date_naissance_invalide',
        (value) => !value || !isIsoDate(value) || (value >= BIRTHDAY_MIN && value <= today),
      ),
    terms: boolean().oneOf([true], 'pages:informationsGenerales.validation.termsRequired'),
  });
}

/** The request of valid values. */
export function firstLoginRequestOf(values: FirstLoginValues): FirstLoginInfoRequest {
  return { email: values.email.trim(), birthday: values.birthday, gender: values.gender as Sexe };
}

/** The session's user from the server's answer (the same shape as GET /api/auth/status). */
export function sessionUserOf(user: AuthUser): User {
  const gender = user.gender === 'homme' || user.gender === 'femme' ? user.gender : null;
  return { ...user, gender };
}

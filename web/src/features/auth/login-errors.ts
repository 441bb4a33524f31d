import { apiErrorCode } from '@/api/errors';

/** Login failures with their own message (spec 1 §8); anything else reads general_error. */
const LOGIN_ERROR_CODES = ['invalid_credentials', 'too_many_attempts'] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number] | 'general_error';

/** The catalogue key `loginErrors.{code}` for a failed login, by code, never by HTTP status. */
export function loginErrorCode(error: unknown): LoginErrorCode {
  const code = apiErrorCode(error);
  return (LOGIN_ERROR_CODES as readonly string[]).includes(code ?? '') ? (code as LoginErrorCode) : 'general_error';
}

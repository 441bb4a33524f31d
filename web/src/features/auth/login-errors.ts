import { apiErrorCode } from '@/api/errors';
import type { ErrorMessages } from '@/lib/api-error-message';

/** Login failures with their own message (spec 1 §8); anything else reads general_error. */
const LOGIN_CODES = {
  invalid_credentials: 'auth:loginErrors.invalid_credentials',
  too_many_attempts: 'auth:loginErrors.too_many_attempts',
} as const satisfies ErrorMessages;

export type LoginErrorKey = (typeof LOGIN_CODES)[keyof typeof LOGIN_CODES] | 'auth:loginErrors.general_error';

/** The catalogue key of a failed login's message, by code, never by HTTP status. */
export function loginErrorKey(error: unknown): LoginErrorKey {
  const code = apiErrorCode(error);
  return code !== undefined && code in LOGIN_CODES
    ? LOGIN_CODES[code as keyof typeof LOGIN_CODES]
    : 'auth:loginErrors.general_error';
}

import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiErrorBody, ErrorCode } from './types';

export type { ErrorCode };

/** Codes of the server's error catalogue that the client reacts to wherever they come from. */
export const SESSION_ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  userInactive: 'user_inactive',
  residenceInactive: 'residence_inactive',
  csrfTokenMismatch: 'csrf_token_mismatch',
} as const satisfies Record<string, ErrorCode>;

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return candidate.success === false && typeof candidate.code === 'string';
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The error body of a failed request, when the server sent one in the agreed shape. */
export function apiErrorBody(error: FetchBaseQueryError | SerializedError | unknown): ApiErrorBody | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  return isApiErrorBody(error.data) ? error.data : undefined;
}

/** The stable error code of a failed request, or undefined (network failure, unexpected body). */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  return apiErrorBody(error)?.code;
}

/** True when the request never got an answer (offline, server down, CORS). */
export function isNetworkError(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 'FETCH_ERROR';
}

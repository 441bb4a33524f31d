import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { readCookie } from '@/lib/cookies';
import { SESSION_ERROR_CODES, apiErrorCode } from './errors';
import { accessRevoked, sessionEnded } from './session-events';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/**
 * Absolute URL of a route served at the server root rather than under /api (login, logout, CSRF
 * cookie). fetchBaseQuery leaves absolute URLs untouched, so these share the one api below.
 */
export function rootUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/**
 * Adds the CSRF header the server checks on every state-changing request (spec 1 §7), and the
 * user's language (`<html lang>`, set by i18n) as `Accept-Language`: the server writes its mails
 * in it (the e-mail verification, issue 19).
 */
export function withXsrfHeader(headers: Headers): Headers {
  const token = readCookie(XSRF_COOKIE);
  if (token !== null) headers.set(XSRF_HEADER, token);
  headers.set('Accept', 'application/json');
  if (document.documentElement.lang) headers.set('Accept-Language', document.documentElement.lang);
  return headers;
}

const rawBaseQuery = fetchBaseQuery({
  // A relative '/api' fails under vitest ("Failed to parse URL"): build it from the page origin.
  baseUrl: `${window.location.origin}/api`,
  credentials: 'include',
  prepareHeaders: withXsrfHeader,
});

const API_PREFIX = '/api/';

/**
 * Generated endpoints carry the OpenAPI path as the server spells it (`/api/auth/status`) while the
 * base URL already ends in /api and hand-written endpoints use `/auth/status`: drop the duplicate
 * prefix so both reach `/api/auth/status`.
 */
export function withoutApiPrefix(args: string | FetchArgs): string | FetchArgs {
  const url = typeof args === 'string' ? args : args.url;
  if (!url.startsWith(API_PREFIX)) return args;
  const relative = url.slice(API_PREFIX.length - 1);
  return typeof args === 'string' ? relative : { ...args, url: relative };
}

/**
 * Wraps the fetch query so that a session problem seen on ANY call (expired session, user or
 * residence deactivated meanwhile) updates the session state, and the guards redirect.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(withoutApiPrefix(args), api, extraOptions);
  if (result.error) {
    const code = apiErrorCode(result.error);
    if (code === SESSION_ERROR_CODES.unauthenticated) {
      api.dispatch(sessionEnded());
    } else if (code === SESSION_ERROR_CODES.userInactive || code === SESSION_ERROR_CODES.residenceInactive) {
      api.dispatch(
        accessRevoked({
          userInactive: code === SESSION_ERROR_CODES.userInactive,
          residenceInactive: code === SESSION_ERROR_CODES.residenceInactive,
        }),
      );
    }
  }
  return result;
};

/**
 * The one RTK Query api of the app. Features and the generated client (src/api/generated.ts) add
 * their endpoints with `injectEndpoints`; tag types are declared here so invalidation works across
 * features.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['AuthStatus', 'Notification', 'Rapprochement', 'RemisesCheques', 'banque'],
  endpoints: () => ({}),
});

import { baseApi, rootUrl } from '@/api/base-api';
import { SESSION_ERROR_CODES, apiErrorCode } from '@/api/errors';
import { sessionCheckFailed, sessionLoaded } from '@/api/session-events';
import type { AuthStatusResponse, LoginRequest, LoginResponse, SuccessResponse } from '@/api/types';

const SESSION_CODES: readonly string[] = Object.values(SESSION_ERROR_CODES);

/**
 * Auth calls, hand-written: login, logout and the CSRF cookie live at the server root, outside
 * /api, so the OpenAPI codegen does not produce them (spec 1 §7, server contract in the brief).
 */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/auth/status: 200 with the user, 401 signed out, 403 user or residence inactive. */
    getAuthStatus: build.query<AuthStatusResponse, void>({
      query: () => '/auth/status',
      providesTags: ['AuthStatus'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionLoaded(data.user));
        } catch (failure) {
          // 401 and 403 inactive are turned into session facts by the base query already.
          const code = apiErrorCode((failure as { error?: unknown }).error);
          if (code === undefined || !SESSION_CODES.includes(code)) dispatch(sessionCheckFailed());
        }
      },
    }),
    /** GET /sanctum/csrf-cookie: the server sets the XSRF-TOKEN cookie (204). */
    getCsrfCookie: build.mutation<null, void>({
      query: () => ({ url: rootUrl('/sanctum/csrf-cookie'), method: 'GET' }),
    }),
    /** POST /login {tel, password}. */
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: rootUrl('/login'), method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionLoaded(data.user));
        } catch {
          // The login form shows the error.
        }
      },
    }),
    /** POST /logout. */
    logout: build.mutation<SuccessResponse, void>({
      query: () => ({ url: rootUrl('/logout'), method: 'POST' }),
    }),
  }),
});

export const { useGetAuthStatusQuery, useGetCsrfCookieMutation, useLoginMutation, useLogoutMutation } = authApi;

import { vi } from 'vitest';
import type { ApiErrorBody, User } from '@/api/types';

/**
 * The network mocked at HTTP level: `fetch` is replaced by a router of fake server answers, so
 * tests exercise the real RTK Query endpoints, headers and error handling.
 */
export type FakeHandler = (request: Request) => Response | Promise<Response>;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/**
 * An error answer of the server. `code` is a plain string so that a test can send a code this
 * client does not know (a newer server); `fieldCodes` are the codes of the `errors` messages.
 */
export function apiError(
  status: number,
  code: string,
  message = code,
  errors?: ApiErrorBody['errors'],
  fieldCodes?: ApiErrorBody['field_codes'],
): Response {
  const body: Omit<ApiErrorBody, 'code'> & { code: string } = {
    success: false,
    code,
    message,
    ...(errors ? { errors } : {}),
    ...(fieldCodes ? { field_codes: fieldCodes } : {}),
  };
  return json(status, body);
}

/**
 * Installs the fake server. Routes are keyed `METHOD /path` (query string ignored). An unknown
 * route answers 404 `not_found` and is recorded, so a test sees calls it did not expect.
 */
export function installFakeServer(routes: Record<string, FakeHandler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.clone().text();
    requests.push({ method: request.method, path: url.pathname, headers: request.headers, body });
    const handler = routes[`${request.method} ${url.pathname}`];
    return handler ? handler(request) : apiError(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests to one route, in order. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    nom: 'Leila Ben Salah',
    tel: '20000001',
    email: 'leila@example.tn',
    birthday: '1980-04-12',
    gender: 'femme',
    is_syndic: false,
    is_finance: false,
    is_president: false,
    features: {},
    is_registration_finalized: true,
    residence: { id: 1, nom: 'Résidence Les Jasmins' },
    ...overrides,
  };
}

/** GET /api/auth/status answering as the given user, or 401 when null. */
export function authStatus(user: User | null): FakeHandler {
  return () => (user ? json(200, { success: true, user }) : apiError(401, 'unauthenticated', 'Unauthenticated.'));
}

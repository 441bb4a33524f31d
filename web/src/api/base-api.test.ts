import { describe, expect, it } from 'vitest';
import { installFakeServer, json } from '@/testing/fake-server';
import { makeStore } from '@/testing/render';
import { baseApi, rootUrl, withoutApiPrefix } from './base-api';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probeRelative: build.query<unknown, void>({ query: () => '/probe' }),
    probeGenerated: build.query<unknown, void>({ query: () => ({ url: '/api/probe' }) }),
    probeWrite: build.mutation<unknown, { value: number }>({
      query: (body) => ({ url: '/probe', method: 'PUT', body }),
    }),
    probeRoot: build.mutation<unknown, void>({ query: () => ({ url: rootUrl('/logout'), method: 'POST' }) }),
  }),
});

describe('base api', () => {
  it('sends hand-written (relative) and generated (/api/...) endpoints to the same /api URL', async () => {
    const server = installFakeServer({ 'GET /api/probe': () => json(200, { ok: true }) });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeRelative.initiate());
    await store.dispatch(probeApi.endpoints.probeGenerated.initiate());
    expect(server.requests.map((r) => r.path)).toEqual(['/api/probe', '/api/probe']);
  });

  it('sends root routes (login, logout, CSRF cookie) outside /api', async () => {
    const server = installFakeServer({ 'POST /logout': () => json(200, { success: true }) });
    await makeStore().dispatch(probeApi.endpoints.probeRoot.initiate());
    expect(server.requests.map((r) => r.path)).toEqual(['/logout']);
  });

  it('copies the URL-decoded XSRF-TOKEN cookie into the X-XSRF-TOKEN header', async () => {
    document.cookie = 'XSRF-TOKEN=eyJpdiI6%2Babc%3D%3D; path=/';
    const server = installFakeServer({ 'PUT /api/probe': () => json(200, { ok: true }) });
    await makeStore().dispatch(probeApi.endpoints.probeWrite.initiate({ value: 1 }));
    expect(server.requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('eyJpdiI6+abc==');
    expect(server.requests[0]?.body).toBe('{"value":1}');
  });

  it('sends no X-XSRF-TOKEN header when there is no cookie', async () => {
    const server = installFakeServer({ 'PUT /api/probe': () => json(200, { ok: true }) });
    await makeStore().dispatch(probeApi.endpoints.probeWrite.initiate({ value: 1 }));
    expect(server.requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('turns a 401 unauthenticated answer on any call into a signed-out session', async () => {
    installFakeServer({
      'GET /api/probe': () => json(401, { success: false, code: 'unauthenticated', message: 'Unauthenticated.' }),
    });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeRelative.initiate());
    expect(store.getState().auth).toMatchObject({ checked: true, user: null, userInactive: false });
  });

  it('turns a user_inactive answer on any call into an inactive session', async () => {
    installFakeServer({
      'GET /api/probe': () => json(403, { success: false, code: 'user_inactive', message: 'user_inactive' }),
    });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probeRelative.initiate());
    expect(store.getState().auth).toMatchObject({ userInactive: true, residenceInactive: false });
  });

  it('leaves other URLs alone when removing the /api prefix', () => {
    expect(withoutApiPrefix('/apix/y')).toBe('/apix/y');
    expect(withoutApiPrefix({ url: '/api/a?b=1', method: 'GET' })).toEqual({ url: '/a?b=1', method: 'GET' });
  });
});

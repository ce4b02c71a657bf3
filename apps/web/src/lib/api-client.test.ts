import { afterEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_MESSAGES, STORAGE_KEYS } from '@registry/domain';
import { fakeTransport } from '../test/fake-transport';
import { api, createApiClient, NETWORK_ERROR_MESSAGE, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  const appTransport = api.transport;
  afterEach(() => {
    setUnauthorizedHandler(null);
    api.transport = appTransport;
  });

  it('calls under /api/ and attaches the stored token as a Bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-1');
    const { transport, requests } = fakeTransport(() => ({
      status: 200,
      data: { success: true, data: 1 },
    }));
    const client = createApiClient({ transport });
    const body = await client.get<number>('admin/members', { page: 2 });
    expect(body).toEqual({ success: true, data: 1 });
    expect(requests[0]).toMatchObject({
      method: 'get',
      baseURL: '/api/',
      url: 'admin/members',
      params: { page: 2 },
      authorization: 'Bearer tok-1',
    });
  });

  it('reads the token per request, so a sign-in or sign-out takes effect at once', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: { success: true } }));
    const client = createApiClient({ transport });
    await client.post('auth/x', { a: 1 });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-2');
    await client.put('auth/x', { a: 2 });
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    await client.del('auth/x');
    expect(requests.map((r) => r.authorization)).toEqual([undefined, 'Bearer tok-2', undefined]);
    expect(requests.map((r) => r.method)).toEqual(['post', 'put', 'delete']);
    expect(requests[0]?.data).toEqual({ a: 1 });
  });

  it('sends plain bodies as JSON and FormData as it is', async () => {
    const sent: unknown[] = [];
    const client = createApiClient({
      transport: async (request) => {
        sent.push([request.headers['Content-Type'], request.data]);
        return { status: 200, data: { success: true }, headers: {} };
      },
    });
    const form = new FormData();
    form.append('name', 'Blaze');
    await client.post('auth/x', { a: 1 });
    await client.post('members/horses/register', form);
    await client.get('auth/x');
    expect(sent).toEqual([
      ['application/json', '{"a":1}'],
      [undefined, form],
      [undefined, undefined],
    ]);
  });

  it('runs the unauthorized handler on a 401 and rejects with the response body', async () => {
    const onUnauthorized = vi.fn();
    const failure = { success: false, error: 'Your session has ended.' };
    const { transport } = fakeTransport(() => ({ status: 401, data: failure }));
    const client = createApiClient({ transport, onUnauthorized });
    await expect(client.get('auth/me')).rejects.toEqual({ ...failure, status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 from a sign-in call', async () => {
    const onUnauthorized = vi.fn();
    const { transport } = fakeTransport(() => ({
      status: 401,
      data: { success: false, error: 'Invalid email or password' },
    }));
    const client = createApiClient({ transport, onUnauthorized });
    await expect(
      client.post('auth/login', {}, { skipUnauthorizedHandler: true }),
    ).rejects.toMatchObject({ error: 'Invalid email or password', status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not sign out on other failures and passes field errors through', async () => {
    const onUnauthorized = vi.fn();
    const body = { success: false, error: 'Some fields are not valid', fields: { email: 'Bad' } };
    const { transport } = fakeTransport(() => ({ status: 400, data: body }));
    const client = createApiClient({ transport, onUnauthorized });
    await expect(client.post('members', {})).rejects.toEqual({ ...body, status: 400 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends a refused call again after its Retry-After, twice at most, the same body each time', async () => {
    const busy = {
      status: 503,
      data: { success: false, error: 'busy' },
      headers: { 'retry-after': '0' },
    };
    const replies = [busy, busy, { status: 201, data: { success: true, data: { id: 'h1' } } }];
    const { transport, requests } = fakeTransport(() => replies.shift()!);
    const client = createApiClient({ transport });
    const form = new FormData();
    form.set('firstChoice', 'Easy Rack');
    await expect(client.post('members/horses/register', form)).resolves.toMatchObject({
      data: { id: 'h1' },
    });
    expect(requests).toHaveLength(3);
    expect(requests.every((sent) => sent.data === form)).toBe(true);
  });

  it('gives up on a refusal after two more tries, and never retries without Retry-After or past a few seconds', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ 'retry-after': '0' }, 3],
      [{}, 1],
      [{ 'retry-after': '60' }, 1],
    ];
    for (const [headers, sends] of cases) {
      const { transport, requests } = fakeTransport(() => ({
        status: 503,
        data: { success: false, error: 'The server is busy' },
        headers,
      }));
      const client = createApiClient({ transport });
      await expect(client.get('horses')).rejects.toMatchObject({ status: 503 });
      expect(requests).toHaveLength(sends);
    }
  });

  it('turns a body without an error message into the generic server message', async () => {
    const { transport } = fakeTransport(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    const client = createApiClient({ transport });
    await expect(client.get('health')).rejects.toEqual({
      success: false,
      error: GENERIC_MESSAGES.serverError,
      status: 502,
    });
  });

  it('reports an unreachable server in words', async () => {
    const client = createApiClient({
      transport: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(client.get('health')).rejects.toEqual({
      success: false,
      error: NETWORK_ERROR_MESSAGE,
    });
  });

  it('marks a call the caller aborted as cancelled', async () => {
    const client = createApiClient({
      transport: () => Promise.reject(new DOMException('aborted', 'AbortError')),
    });
    await expect(client.get('health')).rejects.toMatchObject({ canceled: true });
  });

  it('passes the abort signal and upload progress callbacks through to the transport', async () => {
    const onUploadProgress = vi.fn();
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    const client = createApiClient({
      transport: async (request) => {
        signal = request.signal;
        request.onUploadProgress?.({ loaded: 5, total: 10 });
        return { status: 200, data: { success: true }, headers: {} };
      },
    });
    await client.post('members/horses/register', new FormData(), {
      onUploadProgress,
      signal: controller.signal,
    });
    expect(onUploadProgress).toHaveBeenCalledWith({ loaded: 5, total: 10 });
    expect(signal).toBe(controller.signal);
  });

  it('hands a download every status with its headers, and signs nobody out', async () => {
    const onUnauthorized = vi.fn();
    const blob = new Blob(['{"success":false,"error":"Not yours"}']);
    const { transport, requests } = fakeTransport(() => ({
      status: 403,
      data: blob,
      headers: { 'content-type': 'application/json' },
    }));
    const client = createApiClient({ transport, onUnauthorized });
    const response = await client.getBlob('members/horses/h1/certificate');
    expect(response).toEqual({
      status: 403,
      data: blob,
      headers: { 'content-type': 'application/json' },
    });
    expect(requests[0]).toMatchObject({ method: 'get', url: 'members/horses/h1/certificate' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs the user out on a 401 from a download (spec §4), still handing over the answer', async () => {
    const onUnauthorized = vi.fn();
    const blob = new Blob(['{"success":false,"error":"Your session has ended."}']);
    const { transport } = fakeTransport(() => ({ status: 401, data: blob }));
    const client = createApiClient({ transport, onUnauthorized });
    const response = await client.getBlob('admin/members/export.csv');
    expect(response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('the app client calls the handler the store registers', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    api.transport = fakeTransport(() => ({
      status: 401,
      data: { success: false, error: 'x' },
    })).transport;
    await expect(api.get('auth/me')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

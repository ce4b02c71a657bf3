import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError } from 'axios';
import { GENERIC_MESSAGES, STORAGE_KEYS } from '@registry/domain';
import { fakeAdapter } from '../test/fake-adapter';
import { api, createApiClient, NETWORK_ERROR_MESSAGE, setUnauthorizedHandler } from './api-client';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('calls under /api/ and attaches the stored token as a Bearer header', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-1');
    const { adapter, requests } = fakeAdapter(() => ({
      status: 200,
      data: { success: true, data: 1 },
    }));
    const client = createApiClient({ adapter });
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
    const { adapter, requests } = fakeAdapter(() => ({ status: 200, data: { success: true } }));
    const client = createApiClient({ adapter });
    await client.post('auth/x', { a: 1 });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok-2');
    await client.put('auth/x', { a: 2 });
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    await client.del('auth/x');
    expect(requests.map((r) => r.authorization)).toEqual([undefined, 'Bearer tok-2', undefined]);
    expect(requests.map((r) => r.method)).toEqual(['post', 'put', 'delete']);
    expect(requests[0]?.data).toEqual({ a: 1 });
  });

  it('runs the unauthorized handler on a 401 and rejects with the response body', async () => {
    const onUnauthorized = vi.fn();
    const failure = { success: false, error: 'Your session has ended.' };
    const { adapter } = fakeAdapter(() => ({ status: 401, data: failure }));
    const client = createApiClient({ adapter, onUnauthorized });
    await expect(client.get('auth/me')).rejects.toEqual({ ...failure, status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 from a sign-in call', async () => {
    const onUnauthorized = vi.fn();
    const { adapter } = fakeAdapter(() => ({
      status: 401,
      data: { success: false, error: 'Invalid email or password' },
    }));
    const client = createApiClient({ adapter, onUnauthorized });
    await expect(
      client.post('auth/login', {}, { skipUnauthorizedHandler: true }),
    ).rejects.toMatchObject({ error: 'Invalid email or password', status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not sign out on other failures and passes field errors through', async () => {
    const onUnauthorized = vi.fn();
    const body = { success: false, error: 'Some fields are not valid', fields: { email: 'Bad' } };
    const { adapter } = fakeAdapter(() => ({ status: 400, data: body }));
    const client = createApiClient({ adapter, onUnauthorized });
    await expect(client.post('members', {})).rejects.toEqual({ ...body, status: 400 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns a body without an error message into the generic server message', async () => {
    const { adapter } = fakeAdapter(() => ({ status: 502, data: '<html>Bad gateway</html>' }));
    const client = createApiClient({ adapter });
    await expect(client.get('health')).rejects.toEqual({
      success: false,
      error: GENERIC_MESSAGES.serverError,
      status: 502,
    });
  });

  it('reports an unreachable server in words', async () => {
    const client = createApiClient({
      adapter: (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config)),
    });
    await expect(client.get('health')).rejects.toEqual({
      success: false,
      error: NETWORK_ERROR_MESSAGE,
    });
  });

  it('passes upload progress callbacks through to the transport', async () => {
    const onUploadProgress = vi.fn();
    const client = createApiClient({
      adapter: async (config) => {
        config.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true });
        return { data: { success: true }, status: 200, statusText: 'OK', headers: {}, config };
      },
    });
    await client.post('members/horses/register', new FormData(), { onUploadProgress });
    expect(onUploadProgress).toHaveBeenCalledWith(expect.objectContaining({ loaded: 5 }));
  });

  it('the app client calls the handler the store registers', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const { adapter } = fakeAdapter(() => ({ status: 401, data: { success: false, error: 'x' } }));
    await expect(api.get('auth/me', undefined, { adapter })).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { revokeInBackground } from './revoke-session';

describe('revokeInBackground', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the token to auth/logout with keepalive and returns before any answer', () => {
    let settle: (value: Response) => void = () => undefined;
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (settle = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    const returned = revokeInBackground('tok-1');
    expect(returned).toBeUndefined();
    expect(fetchSpy).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok-1' },
    });
    settle(new Response(null, { status: 200 }));
  });

  it('sends nothing without a token and swallows a network failure', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('offline')));
    vi.stubGlobal('fetch', fetchSpy);
    revokeInBackground(null);
    expect(fetchSpy).not.toHaveBeenCalled();
    revokeInBackground('tok-2');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    // An unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

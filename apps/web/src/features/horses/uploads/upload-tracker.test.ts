import { STORAGE_KEYS } from '@registry/domain';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../lib/api-client';
import { UploadTracker } from './upload-tracker';

/** What the fake server saw: method and Authorization header of each request, in order. */
const seen: { method: string; authorization: string | undefined }[] = [];
/** How the fake server answers; set per test. */
type Answer = { status: number; headers?: Record<string, string> };
let answer: (method: string) => Answer;

/**
 * The real tus client with only its HTTP layer replaced, so when it calls onBeforeRequest and
 * how it reports a refusal are tus's own behaviour, not a stand-in's.
 */
const fakeStack: HttpStack = {
  getName: () => 'fake',
  createRequest(method, url) {
    const headers = new Map<string, string>();
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void headers.set(name.toLowerCase(), value),
      getHeader: (name) => headers.get(name.toLowerCase()),
      setProgressHandler: () => undefined,
      abort: async () => undefined,
      getUnderlyingObject: () => undefined,
      async send(): Promise<HttpResponse> {
        seen.push({ method, authorization: headers.get('authorization') });
        const { status, headers: out = {} } = answer(method);
        return {
          getStatus: () => status,
          getHeader: (name) => out[name.toLowerCase()],
          getBody: () => (status === 401 ? JSON.stringify({ error: 'Session expired' }) : ''),
          getUnderlyingObject: () => undefined,
        };
      },
    };
    return request;
  },
};

vi.mock('tus-js-client', async () => {
  // The browser build, as the bundle has it (Node's build cannot read a File); the package
  // maps to it through its "browser" field, which the test runner does not follow.
  const real = (await import(
    // @ts-expect-error: the browser build's file has no declarations of its own
    'tus-js-client/lib.esm/browser/index.js'
  )) as typeof import('tus-js-client');
  class Upload extends real.Upload {
    constructor(file: File, options: ConstructorParameters<typeof real.Upload>[1]) {
      super(file, { ...options, httpStack: fakeStack });
    }
  }
  return { ...real, Upload };
});

const signIn = (token: string) => window.localStorage.setItem(STORAGE_KEYS.accessToken, token);

async function finished(tracker: UploadTracker, file: File) {
  await vi.waitFor(() => expect(tracker.get(file)?.state).not.toBe('uploading'), {
    timeout: 10_000,
  });
  return tracker.get(file);
}

afterEach(() => {
  seen.length = 0;
  setUnauthorizedHandler(null);
});

describe('resumable uploads and the session', () => {
  it('sends the token in storage at each request, not the one the upload started with', async () => {
    signIn('first-token');
    answer = (method): Answer => {
      if (method === 'POST') {
        // The member signs in again (a new token) while the upload is under way.
        signIn('second-token');
        return { status: 201, headers: { location: '/api/uploads/u1' } };
      }
      return { status: 204, headers: { 'upload-offset': '5' } };
    };
    const tracker = new UploadTracker();
    const file = new File(['hello'], 'video.mp4', { type: 'video/mp4' });
    tracker.start('performanceVideo', file);

    expect(await finished(tracker, file)).toMatchObject({ state: 'done', id: 'u1' });
    expect(seen).toEqual([
      { method: 'POST', authorization: 'Bearer first-token' },
      { method: 'PATCH', authorization: 'Bearer second-token' },
    ]);
  });

  it('signs out on a 401, as every other call does, and shows the server’s reason', async () => {
    signIn('expired-token');
    answer = (method) =>
      method === 'POST'
        ? { status: 201, headers: { location: '/api/uploads/u2' } }
        : { status: 401 };
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    const tracker = new UploadTracker();
    const file = new File(['hello'], 'photo.jpg', { type: 'image/jpeg' });
    tracker.start('markingPhotos', file);

    expect(await finished(tracker, file)).toMatchObject({
      state: 'failed',
      error: 'Session expired',
    });
    expect(signedOut).toHaveBeenCalledTimes(1);
    // A 401 is not retried: the session will not come back by itself.
    expect(seen.map((request) => request.method)).toEqual(['POST', 'PATCH']);
  });

  it('does not sign out when an upload fails for another reason', async () => {
    signIn('token');
    answer = () => ({ status: 413 });
    const signedOut = vi.fn();
    setUnauthorizedHandler(signedOut);
    const tracker = new UploadTracker();
    const file = new File(['hello'], 'document.pdf', { type: 'application/pdf' });
    tracker.start('registrationDocument', file);

    expect(await finished(tracker, file)).toMatchObject({ state: 'failed' });
    expect(signedOut).not.toHaveBeenCalled();
  });
});

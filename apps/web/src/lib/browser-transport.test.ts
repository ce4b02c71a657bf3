import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTransport, type HttpRequest } from './http-transport';

/** Just enough of XMLHttpRequest to see what the transport does with it. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  responseType = '';
  status = 0;
  response: unknown = null;
  responseText = '';
  responseHeaders = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, text: string, headers = '') {
    this.status = status;
    this.responseText = text;
    this.responseHeaders = headers;
    this.onload?.();
  }
}

const upload = (extra: Partial<HttpRequest> = {}): HttpRequest => ({
  method: 'post',
  baseURL: '/api/',
  url: 'members/horses/register',
  data: new FormData(),
  headers: { Authorization: 'Bearer t' },
  onUploadProgress: vi.fn(),
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('browser transport with upload progress (XMLHttpRequest)', () => {
  it('sends the form, reports progress and resolves with any status', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const request = upload();
    const pending = browserTransport(request);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual([
      'POST',
      '/api/members/horses/register',
      { Authorization: 'Bearer t' },
      request.data,
    ]);
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true } as ProgressEvent);
    xhr.upload.onprogress?.({ loaded: 7, total: 0, lengthComputable: false } as ProgressEvent);
    expect(request.onUploadProgress).toHaveBeenNthCalledWith(1, { loaded: 5, total: 10 });
    expect(request.onUploadProgress).toHaveBeenNthCalledWith(2, { loaded: 7, total: undefined });
    xhr.answer(400, '{"success":false,"error":"Bad"}', 'Content-Type: application/json\r\n');
    await expect(pending).resolves.toEqual({
      status: 400,
      data: { success: false, error: 'Bad' },
      headers: { 'content-type': 'application/json' },
    });
  });

  it('rejects as aborted when the signal fires, and on a network failure', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const aborted = browserTransport(upload({ signal: controller.signal }));
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);

    const failed = browserTransport(upload());
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toBeInstanceOf(TypeError);
  });
});

describe('browser transport without progress (fetch)', () => {
  it('fetches with method, headers, body and signal, and reads JSON, text or nothing', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('{"success":true,"data":1}', {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const response = await browserTransport({
      method: 'put',
      baseURL: '/api/',
      url: 'members/profile',
      params: { a: 1 },
      data: '{"x":1}',
      headers: { 'Content-Type': 'application/json' },
      signal: controller.signal,
    });
    expect(response).toEqual({
      status: 200,
      data: { success: true, data: 1 },
      headers: { 'content-type': 'application/json' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/members/profile?a=1');
    expect(init).toMatchObject({ method: 'PUT', body: '{"x":1}', signal: controller.signal });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(
      browserTransport({ method: 'get', baseURL: '/api/', url: 'x', headers: {} }),
    ).resolves.toMatchObject({ status: 502, data: '<html>Bad gateway</html>' });

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(
      browserTransport({ method: 'delete', baseURL: '/api/', url: 'x', headers: {} }),
    ).resolves.toMatchObject({ status: 204, data: undefined });
  });

  it('reads a download as a Blob', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('%PDF', { status: 200 })),
    );
    const response = await browserTransport({
      method: 'get',
      baseURL: '/api/',
      url: 'members/horses/h1/certificate',
      headers: {},
      responseType: 'blob',
    });
    expect(await readBlob(response.data as Blob)).toBe('%PDF');
  });
});

/**
 * A Blob's text. The fetch answer's Blob is Node's under Node 20 (text() but not one FileReader
 * reads) and jsdom's under Node 24 (no text(), which every browser's Blob has): read either.
 */
function readBlob(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

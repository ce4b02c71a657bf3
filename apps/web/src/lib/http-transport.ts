/** What the API client hands a transport: one call, already addressed and serialised. */
export interface HttpRequest {
  method: 'get' | 'post' | 'put' | 'delete';
  /** The client's base, e.g. `/api/`; `url` is relative to it. */
  baseURL: string;
  url: string;
  params?: object;
  /** JSON text for plain bodies; FormData as given, so the browser writes the multipart. */
  data?: string | FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  onUploadProgress?: (event: UploadProgress) => void;
}

export interface UploadProgress {
  loaded: number;
  /** Undefined when the browser cannot tell the size of the body. */
  total?: number;
}

/** Every status resolves; only an unreachable server or an abort rejects. */
export interface HttpResponse {
  status: number;
  data: unknown;
  /** Lower-case header names. */
  headers: Record<string, string>;
}

export type Transport = (request: HttpRequest) => Promise<HttpResponse>;

/** `/api/` + `auth/me` -> `/api/auth/me`, with the query string of `params` (empty values left out). */
export function fullUrl(request: Pick<HttpRequest, 'baseURL' | 'url' | 'params'>): string {
  const path = /^[a-z][a-z\d+.-]*:\/\//i.test(request.url)
    ? request.url
    : `${request.baseURL.replace(/\/+$/, '')}/${request.url.replace(/^\/+/, '')}`;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request.params ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      query.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const search = query.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** JSON when it parses, the text otherwise (a proxy's HTML error page), nothing when empty. */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

/**
 * XMLHttpRequest, because fetch cannot report how much of an upload has left the browser
 * (the registration form's progress bars).
 */
function xhrTransport(request: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { signal, onUploadProgress } = request;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(request.method.toUpperCase(), fullUrl(request));
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) =>
        onUploadProgress({
          loaded: event.loaded,
          total: event.lengthComputable ? event.total : undefined,
        });
    }
    xhr.onload = () => {
      done();
      const headers: Record<string, string> = {};
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const data: unknown =
        xhr.responseType === 'blob' ? xhr.response : parseBody(xhr.responseText);
      resolve({ status: xhr.status, data, headers });
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network error'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(request.data ?? null);
  });
}

async function fetchTransport(request: HttpRequest): Promise<HttpResponse> {
  const response = await fetch(fullUrl(request), {
    method: request.method.toUpperCase(),
    headers: request.headers,
    body: request.data,
    signal: request.signal,
  });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const data =
    request.responseType === 'blob' ? await response.blob() : parseBody(await response.text());
  return { status: response.status, data, headers };
}

/** The browser's own transport: fetch, or XMLHttpRequest when upload progress is wanted. */
export const browserTransport: Transport = (request) =>
  request.onUploadProgress ? xhrTransport(request) : fetchTransport(request);

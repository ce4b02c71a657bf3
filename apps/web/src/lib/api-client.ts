import { GENERIC_MESSAGES, type ApiFailure, type ApiSuccess } from '@registry/domain';
import {
  browserTransport,
  type HttpRequest,
  type HttpResponse,
  type Transport,
  type UploadProgress,
} from './http-transport';
import { readAccessToken } from './session-storage';

export type { HttpRequest, HttpResponse, Transport, UploadProgress };

/** What every failed call rejects with: the server's body, or one shaped like it. */
export type ApiError = ApiFailure & { status?: number; canceled?: boolean };

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the registry server. Check your connection and try again.';

export interface RequestConfig {
  signal?: AbortSignal;
  /** Reported while the body leaves the browser (multipart uploads). */
  onUploadProgress?: (event: UploadProgress) => void;
  /**
   * For the sign-in calls: their 401 means "wrong credentials", not "your session ended",
   * so it must not sign anybody out.
   */
  skipUnauthorizedHandler?: boolean;
}

export interface ApiClientOptions {
  baseURL?: string;
  getToken?: () => string | null;
  /** Called on a 401 of any call except the sign-in ones. */
  onUnauthorized?: () => void;
  /** Tests pass a fake transport here instead of mocking modules. */
  transport?: Transport;
}

export interface ApiClient {
  /** Replaceable, so tests can point the app's own client at a fake server. */
  transport: Transport;
  get<T>(url: string, params?: object, config?: RequestConfig): Promise<ApiSuccess<T>>;
  post<T>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiSuccess<T>>;
  put<T>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiSuccess<T>>;
  del<T>(url: string, config?: RequestConfig): Promise<ApiSuccess<T>>;
  /**
   * A file from a signed-in route: every status resolves (an error body arrives as a Blob
   * for the caller to read); a 401 signs the user out like any other call (spec §4).
   */
  getBlob(url: string): Promise<HttpResponse & { data: Blob }>;
}

function isApiFailureBody(value: unknown): value is ApiFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** A refusal of the server, or a page that is not an API answer (a proxy's), as an ApiError. */
function failedResponse({ data, status }: HttpResponse): ApiError {
  if (isApiFailureBody(data)) return { ...data, success: false, status };
  return { success: false, error: GENERIC_MESSAGES.serverError, status };
}

/** No answer at all: the caller gave up (abort) or the server could not be reached. */
function noResponse(failure: unknown): ApiError {
  if ((failure as { name?: unknown } | null)?.name === 'AbortError') {
    return { success: false, error: 'Request cancelled', canceled: true };
  }
  return { success: false, error: NETWORK_ERROR_MESSAGE };
}

let unauthorizedHandler: (() => void) | null = null;

/**
 * The store registers its logout here at start-up. A callback instead of an import keeps
 * lib/ free of the store and avoids a store <-> client import cycle.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/**
 * A 401 from a call that does not go through this client (the resumable uploads' own requests,
 * features/horses/uploads/upload-tracker.ts): handled as the client handles its own.
 */
export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}

/** Plain values travel as JSON; FormData as it is, so the browser writes the multipart. */
function serialise(body: unknown, headers: Record<string, string>): HttpRequest['data'] {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * A refusal under load (503 with Retry-After, docs/operations.md "Overload") is sent again after
 * the seconds it names, twice at most: the server refused it before doing anything, so even a
 * save is sent again whole, and the person waits a moment instead of reading "busy". Not a 503
 * without Retry-After (nothing says when), nor one asking for longer than a few seconds.
 */
const BUSY_RETRIES = 2;
const BUSY_WAIT_MAX_SECONDS = 5;

function busyWaitMs(response: HttpResponse): number | undefined {
  if (response.status !== 503) return undefined;
  const header = response.headers['retry-after'];
  const seconds = header === undefined || header.trim() === '' ? NaN : Number(header);
  return seconds >= 0 && seconds <= BUSY_WAIT_MAX_SECONDS ? seconds * 1000 : undefined;
}

/** Resolves after `ms`, or at once when the call is aborted (its next send then rejects). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseURL = '/api/',
    getToken = readAccessToken,
    onUnauthorized = () => unauthorizedHandler?.(),
  } = options;

  async function request(
    method: HttpRequest['method'],
    url: string,
    extra: Pick<HttpRequest, 'params' | 'responseType'>,
    body: unknown,
    config: RequestConfig = {},
  ): Promise<HttpResponse> {
    // Read per request: the token changes on sign-in/out and storage is the source of truth.
    const token = getToken();
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const data = serialise(body, headers);
    for (let retries = 0; ; retries += 1) {
      // No timeout on purpose (spec §7): 20 MB video uploads on slow links must not be cut off.
      const response = await client.transport({
        method,
        baseURL,
        url,
        ...extra,
        data,
        headers,
        signal: config.signal,
        onUploadProgress: config.onUploadProgress,
      });
      const waitMs = retries < BUSY_RETRIES ? busyWaitMs(response) : undefined;
      if (waitMs === undefined || config.signal?.aborted) return response;
      await pause(waitMs, config.signal);
    }
  }

  async function call<T>(
    method: HttpRequest['method'],
    url: string,
    params: object | undefined,
    body: unknown,
    config: RequestConfig = {},
  ): Promise<ApiSuccess<T>> {
    let response: HttpResponse;
    try {
      response = await request(method, url, { params }, body, config);
    } catch (failure) {
      throw noResponse(failure);
    }
    if (response.status >= 200 && response.status < 300) return response.data as ApiSuccess<T>;
    if (response.status === 401 && !config.skipUnauthorizedHandler) onUnauthorized();
    throw failedResponse(response);
  }

  const client: ApiClient = {
    transport: options.transport ?? browserTransport,
    get: (url, params, config) => call('get', url, params, undefined, config),
    post: (url, body, config) => call('post', url, undefined, body, config),
    put: (url, body, config) => call('put', url, undefined, body, config),
    del: (url, config) => call('delete', url, undefined, undefined, config),
    getBlob: (url) =>
      request('get', url, { responseType: 'blob' }, undefined).then(
        (response) => {
          if (response.status === 401) onUnauthorized();
          return response as HttpResponse & { data: Blob };
        },
        (failure: unknown) => Promise.reject(noResponse(failure)),
      ),
  };
  return client;
}

/** The app's client: same-origin /api/, token from storage, logout wired by the store. */
export const api = createApiClient();

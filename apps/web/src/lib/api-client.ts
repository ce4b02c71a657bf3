import axios, {
  AxiosError,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosRequestConfig,
} from 'axios';
import { GENERIC_MESSAGES, type ApiFailure, type ApiSuccess } from '@registry/domain';
import { readAccessToken } from './session-storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * For the sign-in calls: their 401 means "wrong credentials", not "your session ended",
     * so it must not sign anybody out.
     */
    skipUnauthorizedHandler?: boolean;
  }
}

/** What every failed call rejects with: the server's body, or one shaped like it. */
export type ApiError = ApiFailure & { status?: number; canceled?: boolean };

export const NETWORK_ERROR_MESSAGE =
  'Cannot reach the registry server. Check your connection and try again.';

export type RequestConfig = Omit<AxiosRequestConfig, 'url' | 'method' | 'data' | 'params'>;

export interface ApiClientOptions {
  baseURL?: string;
  getToken?: () => string | null;
  /** Called on a 401 of any call except the sign-in ones. */
  onUnauthorized?: () => void;
  /** Tests pass a fake transport here instead of mocking modules. */
  adapter?: AxiosAdapter;
}

export interface ApiClient {
  http: AxiosInstance;
  get<T>(url: string, params?: object, config?: RequestConfig): Promise<ApiSuccess<T>>;
  post<T>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiSuccess<T>>;
  put<T>(url: string, body?: unknown, config?: RequestConfig): Promise<ApiSuccess<T>>;
  del<T>(url: string, config?: RequestConfig): Promise<ApiSuccess<T>>;
}

function isApiFailureBody(value: unknown): value is ApiFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** Callers read `.error` / `.fields` whatever went wrong: server refusal, proxy page or no network. */
export function toApiError(error: unknown): ApiError {
  if (axios.isCancel(error)) {
    return { success: false, error: 'Request cancelled', canceled: true };
  }
  if (error instanceof AxiosError && error.response) {
    const { data, status } = error.response;
    if (isApiFailureBody(data)) return { ...data, success: false, status };
    return { success: false, error: GENERIC_MESSAGES.serverError, status };
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

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseURL = '/api/',
    getToken = readAccessToken,
    onUnauthorized = () => unauthorizedHandler?.(),
    adapter,
  } = options;

  // No timeout on purpose (spec §7): 20 MB video uploads on slow links must not be cut off.
  const http = axios.create({ baseURL, ...(adapter ? { adapter } : {}) });

  http.interceptors.request.use((config) => {
    // Read per request: the token changes on sign-in/out and storage is the source of truth.
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  http.interceptors.response.use(undefined, (error: unknown) => {
    if (
      error instanceof AxiosError &&
      error.response?.status === 401 &&
      !error.config?.skipUnauthorizedHandler
    ) {
      onUnauthorized();
    }
    return Promise.reject(toApiError(error));
  });

  return {
    http,
    get: (url, params, config) => http.get(url, { ...config, params }).then((r) => r.data),
    post: (url, body, config) => http.post(url, body, config).then((r) => r.data),
    put: (url, body, config) => http.put(url, body, config).then((r) => r.data),
    del: (url, config) => http.delete(url, config).then((r) => r.data),
  };
}

/** The app's client: same-origin /api/, token from storage, logout wired by the store. */
export const api = createApiClient();

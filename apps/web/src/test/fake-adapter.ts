import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface FakeReply {
  status: number;
  data?: unknown;
}

export interface RecordedRequest {
  method: string | undefined;
  url: string | undefined;
  baseURL: string | undefined;
  params: unknown;
  data: unknown;
  authorization: string | undefined;
}

/**
 * A transport that answers from a function and records what was sent, the way axios'
 * own adapters settle: 2xx resolves, anything else rejects with an AxiosError.
 */
export function fakeAdapter(
  reply: (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>,
) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    requests.push({
      method: config.method,
      url: config.url,
      baseURL: config.baseURL,
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: headers.get('Authorization')?.toString(),
    });
    const { status, data } = await reply(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      null,
      response,
    );
  };
  return { adapter, requests };
}

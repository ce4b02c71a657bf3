import { afterEach, beforeEach } from 'vitest';
import { api, type HttpRequest, type Transport } from '../lib/api-client';

export type { HttpRequest, Transport };

export interface FakeReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

/** A 200 answer carrying `data` in the API's envelope, with its `message` if given. */
export const okReply = (data: unknown, message?: string): FakeReply => ({
  status: 200,
  data: { success: true, data, ...(message === undefined ? {} : { message }) },
});

/** A 201 answer: `data` was created, and the API's `message` says so. */
export const createdReply = (data: unknown, message: string): FakeReply => ({
  status: 201,
  data: { success: true, data, message },
});

/** A refusal in the API's envelope: `status`, the `error`, and one field's error if given. */
export const refusedReply = (status: number, error: string, field?: string): FakeReply => ({
  status,
  data: { success: false, error, ...(field === undefined ? {} : { fields: { [field]: error } }) },
});

/** A 200 answer with one page holding all of `items` (page 1 of size 10). */
export const pageReply = (items: unknown[]): FakeReply =>
  okReply({ items, total: items.length, page: 1, pageSize: 10 });

export interface RecordedRequest {
  method: HttpRequest['method'];
  url: string;
  baseURL: string;
  params: unknown;
  /** JSON bodies parsed back to values; FormData as sent. */
  data: unknown;
  authorization: string | undefined;
}

/**
 * A transport that answers from a function and records what was sent. Like the browser's,
 * it resolves with every status; the client decides what counts as a failure.
 */
export function fakeTransport(reply: (request: HttpRequest) => FakeReply | Promise<FakeReply>): {
  transport: Transport;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const transport: Transport = async (request) => {
    requests.push({
      method: request.method,
      url: request.url,
      baseURL: request.baseURL,
      params: request.params,
      data: typeof request.data === 'string' ? JSON.parse(request.data) : request.data,
      authorization: request.headers.Authorization,
    });
    const { status, data, headers = {} } = await reply(request);
    return { status, data, headers };
  };
  return { transport, requests };
}

export type Serve = (
  reply: (request: HttpRequest) => FakeReply | Promise<FakeReply>,
) => RecordedRequest[];

/**
 * For a test file that points the app's own API client at fake servers: registers hooks that put
 * the real transport back after each test, and returns `serve`, which installs a fake answering
 * from `reply` and gives back the list of requests it records.
 */
export function withFakeTransport(): Serve {
  let originalTransport: Transport;
  beforeEach(() => {
    originalTransport = api.transport;
  });
  afterEach(() => {
    api.transport = originalTransport;
  });
  return (reply) => {
    const fake = fakeTransport(reply);
    api.transport = fake.transport;
    return fake.requests;
  };
}

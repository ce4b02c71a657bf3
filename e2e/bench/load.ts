import autocannon from 'autocannon';
import { BENCH_MEMBER } from './server.js';
import { memberToken } from './api-throughput.js';

/**
 * 200 connections for 30 s, each cycling through sign-in, the horse list and a search, with
 * the product's normal limits: sign-in answers 429 past its per-address limit, on purpose.
 * Anything else that is not a 2xx, and any socket error or timeout, is a finding.
 */
export interface LoadResult {
  connections: number;
  durationS: number;
  requests: number;
  ok2xx: number;
  limited429: number;
  otherNon2xx: number;
  errors: number;
  timeouts: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * The mix one connection cycles through: sign-in, the horse list and a search. The instances
 * bench (instances.ts) sends the same mix.
 */
export function loadMix(
  baseURL: string,
  connections: number,
  durationS: number,
  token: string,
): autocannon.Options {
  const auth = { authorization: `Bearer ${token}` };
  return {
    url: baseURL,
    connections,
    duration: durationS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_MEMBER),
      },
      { method: 'GET', path: '/api/auth/horses?page=1&pageSize=10', headers: auth },
      { method: 'GET', path: '/api/auth/horses/search?q=star&page=1&pageSize=10', headers: auth },
    ],
  };
}

export async function measureLoad(baseURL: string): Promise<LoadResult> {
  const token = await memberToken(baseURL);
  const connections = 200;
  const durationS = Number(process.env.BENCH_LOAD_S ?? 30);
  let limited429 = 0;
  let otherNon2xx = 0;
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(loadMix(baseURL, connections, durationS, token), (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  instance?.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode === 429) limited429 += 1;
    else if (statusCode < 200 || statusCode >= 300) otherNon2xx += 1;
  });
  const result = await finished;
  return {
    connections,
    durationS,
    requests: result.requests.total,
    ok2xx: result['2xx'],
    limited429,
    otherNon2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/**
 * Two instances against one (issue 16, docs/operations.md "Scaling out"): the load mix of
 * load.ts (sign-in, my horses, search) with 200 connections, first against one instance, then
 * spread over two instances of the same build on one PostgreSQL database (100 connections to
 * each, as a round-robin balancer would spread them). Same database, same data, same run.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { memberToken } from './api-throughput.js';
import { loadMix } from './load.js';
import { startServer, type RunningServer } from './server.js';

const SERVER_URL =
  process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = 200;
const DURATION_S = Number(process.env.BENCH_INSTANCES_S ?? 15);

export interface MixFigures {
  instances: number;
  requestsPerSecond: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
}

export interface InstanceFigures {
  runs: MixFigures[];
}

async function measure(servers: RunningServer[], token: string): Promise<MixFigures> {
  const each = Math.floor(CONNECTIONS / servers.length);
  const results = await Promise.all(
    servers.map((server) => autocannon(loadMix(server.baseURL, each, DURATION_S, token))),
  );
  const sum = (pick: (result: autocannon.Result) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  return {
    instances: servers.length,
    requestsPerSecond: Math.round(sum((r) => r.requests.average)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
  };
}

export async function measureInstances(env: Record<string, string>): Promise<InstanceFigures> {
  const name = `registry_instances_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const shared = {
    ...env,
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('hex'),
  };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer(undefined, shared));
    servers.push(await startServer(undefined, shared));
    const first = servers[0] as RunningServer;
    // One token for both runs (JWT_SECRET is shared): signing in again right after a run can
    // meet the per-account limit on sign-ins in flight.
    const token = await memberToken(first.baseURL);
    const runs = [await measure([first], token), await measure(servers, token)];
    return { runs };
  } finally {
    for (const server of servers) await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function instancesSection(result: InstanceFigures | { error: string }): string[] {
  const lines = ['## Two instances on one PostgreSQL against one', ''];
  if ('error' in result) return [...lines, `Not measured: ${result.error}`, ''];
  return [
    ...lines,
    `The load mix (sign-in, my horses, search) with ${CONNECTIONS} connections for ` +
      `${DURATION_S} s, against one instance and then spread evenly over two instances of the ` +
      'same build on one PostgreSQL database, in the same run. Per-address limits raised so ' +
      'sign-in is measured. On this 2-core machine both instances, PostgreSQL and the load ' +
      'generator share the same cores, so the figure shows that instances add no errors and ' +
      'what they cost, not how far a larger host scales.',
    '',
    '| instances | requests/s | non-2xx | errors + timeouts | p99 ms |',
    '|---|---|---|---|---|',
    ...result.runs.map(
      (r) => `| ${r.instances} | ${r.requestsPerSecond} | ${r.non2xx} | ${r.errors} | ${r.p99Ms} |`,
    ),
    '',
  ];
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildForm, encodeForm, validFiles } from '../../apps/api/src/test/multipart.js';
import { validValues } from '../../apps/api/src/test/registration-values.js';
import { memberToken } from './api-throughput.js';
import { startBareRoutes } from './bare-routes.js';
import { startServer } from './server.js';

/**
 * Our routes against bare code doing the same work (bare-routes.ts), on one PostgreSQL
 * database, read cache off, 10 connections, alternating ours and bare route by route for
 * several rounds so both see the same machine (2 shared cores). BENCH_BARE_PROFILE=<dir> runs
 * our server with `--cpu-prof` into that folder instead of comparing rounds' figures.
 */
export interface RoutePair {
  route: string;
  target: number | undefined;
  /** requests/s of ours and bare in each round, in order. */
  ours: number[];
  bare: number[];
  oursNon2xx: number;
  bareNon2xx: number;
}

export interface BareComparison {
  pairs: RoutePair[];
  rounds: number;
  durationS: number;
  loadAverage: [number, number];
}

const SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_BARE_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_BARE_S ?? 5);
const CONNECTIONS = 10;

const PLACEHOLDER = 'Qqqqqqqq';
/** Where this run's counter starts, so runs on a kept database do not repeat names. */
let saves = Math.floor(Math.random() * 26 ** 6);
/** The form with its placeholder replaced by the next counter, in letters (names take no digits). */
function withUniqueNames(payload: Buffer): Buffer {
  saves += 1;
  let n = saves;
  let letters = '';
  for (let i = 0; i < PLACEHOLDER.length - 1; i += 1, n = Math.floor(n / 26)) {
    letters += String.fromCharCode(97 + (n % 26));
  }
  return Buffer.from(payload.toString('latin1').replaceAll(PLACEHOLDER, `Q${letters}`), 'latin1');
}

/** The statuses other than 2xx of one run, printed so a table of failures is not mistaken. */
function otherStatuses(result: autocannon.Result): string {
  return Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, stat]) => `${code} x${(stat as { count: number }).count}`)
    .join(', ');
}

async function rate(options: autocannon.Options): Promise<{ rps: number; non2xx: number }> {
  await autocannon({ ...options, duration: 1, connections: CONNECTIONS });
  const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
  const other = otherStatuses(result);
  if (other || result.errors)
    process.stderr.write(`${options.url}: ${other} errors ${result.errors}\n`);
  // Only 2xx answers count: a route that fails fast must not look fast.
  return { rps: Math.round(result['2xx'] / DURATION_S), non2xx: result.non2xx + result.errors };
}

export async function compareWithBare(
  only: string[] | undefined,
  nodeArgs: string[] = [],
): Promise<BareComparison> {
  const name = `registry_bare_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const bareUploads = mkdtempSync(path.join(tmpdir(), 'registry-bare-'));
  const server = await startServer(
    undefined,
    {
      DATABASE_URL: url.toString(),
      JWT_SECRET: jwtSecret,
      READ_CACHE_SECONDS: '0',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
      // What is compared is the work; the server's shedding is measured by bench:overload.
      OVERLOAD_MAX_LAG_MS: '60000',
    },
    nodeArgs,
  );
  const bare = await startBareRoutes(url.toString(), jwtSecret, bareUploads);
  const loadStart = os.loadavg()[0]!;
  try {
    const token = await memberToken(server.baseURL);
    const auth = { authorization: `Bearer ${token}` };
    const listed = (await (
      await fetch(`${server.baseURL}/api/auth/horses?page=1&pageSize=10`, { headers: auth })
    ).json()) as { data: { items: { _id: string }[] } };
    const horseId = listed.data.items[0]!._id;
    // Each save needs names no horse has: the three choices carry a placeholder that every
    // request replaces with a counter of the same length (the multipart stays valid).
    const form = await encodeForm(
      buildForm(
        {
          ...validValues(),
          firstChoice: `Bench ${PLACEHOLDER} One`,
          secondChoice: `Bench ${PLACEHOLDER} Two`,
          thirdChoice: `Bench ${PLACEHOLDER} Three`,
        },
        validFiles(),
      ),
    );
    const saveRequest = {
      method: 'POST' as const,
      headers: { ...auth, ...form.headers },
      // The first request's body; each is then replaced by one of the same length (autocannon
      // calls setupRequest only for an entry of `requests`).
      body: form.payload,
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        body: withUniqueNames(form.payload),
      }),
    };
    const save = { ...saveRequest, requests: [saveRequest] };
    const routes = [
      {
        route: 'my horses list (+ session)',
        target: 0.6,
        ours: { url: `${server.baseURL}/api/auth/horses?page=1&pageSize=10`, headers: auth },
        bare: { url: `${bare.baseURL}/list`, headers: auth },
      },
      {
        route: 'horse search (+ session)',
        target: 0.7,
        ours: {
          url: `${server.baseURL}/api/auth/horses/search?q=star&page=1&pageSize=10`,
          headers: auth,
        },
        bare: { url: `${bare.baseURL}/search`, headers: auth },
      },
      {
        route: 'one horse record',
        target: 0.6,
        ours: { url: `${server.baseURL}/api/members/horses/${horseId}`, headers: auth },
        bare: { url: `${bare.baseURL}/horse/${horseId}`, headers: auth },
      },
      {
        route: `registration save (${Math.round(form.payload.length / 1024)} KB multipart, 5 files)`,
        target: 0.3,
        ours: { url: `${server.baseURL}/api/members/horses/register`, ...save },
        bare: { url: `${bare.baseURL}/register`, ...save },
      },
    ].filter((r) => !only || only.some((word) => r.route.includes(word)));
    const pairs: RoutePair[] = routes.map((r) => ({
      route: r.route,
      target: r.target,
      ours: [],
      bare: [],
      oursNon2xx: 0,
      bareNon2xx: 0,
    }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, r] of routes.entries()) {
        const pair = pairs[i]!;
        // Which goes first alternates with the round, so neither always runs warmer.
        const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
        for (const side of order) {
          const figure = await rate(r[side]);
          pair[side].push(figure.rps);
          if (side === 'ours') pair.oursNon2xx += figure.non2xx;
          else pair.bareNon2xx += figure.non2xx;
        }
        process.stderr.write(`${r.route}: ours ${pair.ours.at(-1)}, bare ${pair.bare.at(-1)}\n`);
      }
    }
    return {
      pairs,
      rounds: ROUNDS,
      durationS: DURATION_S,
      loadAverage: [round2(loadStart), round2(os.loadavg()[0]!)],
    };
  } finally {
    await bare.stop();
    await server.stop();
    rmSync(bareUploads, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export const BARE_HEADING = '## Routes against bare code doing the same work';

export function bareSection(c: BareComparison): string[] {
  return [
    `${BARE_HEADING}: one horse at least 0.6, registration save at least 0.3`,
    '',
    `Measured by \`npm run bench:bare\` on ${new Date().toISOString().slice(0, 10)} (e2e/bench/bare-compare.ts,`,
    'bare-routes.ts): the built server on PostgreSQL with the read cache off, against plain Fastify +',
    '`pg` doing the same work on the same database: the same token check (HS256 by hand) and session',
    'statement, the same statements, and for the save the same multipart form parsed, sniffed,',
    'hashed, staged and moved, its fields checked by hand, its name choices, owners and sire looked',
    'up as ours does, and the same rows written in one transaction.',
    `autocannon, ${CONNECTIONS} connections, ${c.durationS} s per run after 1 s not counted; ours and`,
    `bare alternate route by route for ${c.rounds} rounds (the ratio is each round's, then the median).`,
    `1-minute load average at start and end: ${c.loadAverage.join(' / ')} (2 shared cores).`,
    '',
    '| route | ours requests/s (rounds) | bare requests/s (rounds) | ratio per round | median ratio | target | met | non-2xx ours / bare |',
    '|---|---|---|---|---|---|---|---|',
    ...c.pairs.map((p) => {
      const ratios = p.ours.map((o, i) => round2(o / (p.bare[i] || 1)));
      const ratio = median(ratios);
      const met = p.target === undefined ? '-' : ratio >= p.target ? 'yes' : 'no';
      return (
        `| ${p.route} | ${p.ours.join(', ')} | ${p.bare.join(', ')} | ${ratios.join(', ')} | ` +
        `${ratio} | ${p.target ?? '-'} | ${met} | ${p.oursNon2xx} / ${p.bareNon2xx} |`
      );
    }),
    '',
  ];
}

import type { Throughput } from './api-throughput.js';

/** What the throughput tables are made from (one bench run). */
export interface ThroughputFigures {
  /** The bare Fastify route that does nothing. */
  bare: Throughput;
  /** Bare Fastify running our list and search SQL on the PostgreSQL database. */
  bareQueries: Throughput[];
  runs: Throughput[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Uncached rows and their targets (issue 13): list and search against the same SQL, bare. */
const UNCACHED = [
  { run: 'PostgreSQL, cache off: my horses list', bare: 'list', target: 0.6 },
  { run: 'PostgreSQL, cache off: horse search', bare: 'search', target: 0.7 },
] as const;

function uncachedTable(f: ThroughputFigures): string[] {
  const bareOf = (kind: string, session: boolean) =>
    f.bareQueries.find(
      (t) => t.name === `bare Fastify + same SQL${session ? ' + session' : ''}: ${kind}`,
    );
  const rows = UNCACHED.map(({ run, bare, target }) => {
    const mine = f.runs.find((t) => t.name === run);
    const plain = bareOf(bare, false);
    const withSession = bareOf(bare, true);
    if (!mine || !plain) return `| ${run} | - | - | - | - | - | - | ${target} | - |`;
    const ratio = round2(mine.requestsPerSecond / plain.requestsPerSecond);
    const ratioSession = withSession
      ? round2(mine.requestsPerSecond / withSession.requestsPerSecond)
      : '-';
    return (
      `| ${run} | ${mine.requestsPerSecond} | ${mine.p99Ms} | ${plain.requestsPerSecond} | ` +
      `${ratio} | ${withSession?.requestsPerSecond ?? '-'} | ${ratioSession} | ${target} | ${ratio >= target ? 'yes' : 'no'} |`
    );
  });
  const embedded = f.runs.filter((t) => t.name.startsWith('embedded, cache off'));
  return [
    '### Without the read cache (`READ_CACHE_SECONDS=0`): what a first or changed page costs',
    '',
    'Every request checks its session and runs its statements. Each is divided by bare Fastify',
    'running the same list or search statement on the same PostgreSQL data (no token check,',
    'validation or mapping), and by the same with the session check statement run first.',
    '',
    '| route | requests/s | p99 ms | bare + same SQL | ratio | bare + same SQL + session | ratio | target | met |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '| route (embedded database) | requests/s | p99 ms | non-2xx | target | met |',
    '|---|---|---|---|---|---|',
    ...embedded.map((t) => {
      const target = t.name.endsWith('my horses list') ? 400 : undefined;
      const met = target === undefined ? 'n/a' : t.requestsPerSecond >= target ? 'yes' : 'no';
      return `| ${t.name} | ${t.requestsPerSecond} | ${t.p99Ms} | ${t.non2xx} | ${target ?? '-'} | ${met} |`;
    }),
    '',
  ];
}

function cachedTable(f: ThroughputFigures): string[] {
  const ratio = (t: Throughput) =>
    Math.round((t.requestsPerSecond / f.bare.requestsPerSecond) * 1000) / 1000;
  const cached = f.runs.filter((t) => !t.name.includes('cache off'));
  return [
    '### With the read cache (the shipped default): one request repeated',
    '',
    `Against a bare Fastify route that does nothing (${f.bare.requestsPerSecond} requests/s in ` +
      'this run). A repeat is answered from memory, so these rows measure the copy, not the',
    'database; on PostgreSQL each copy waits for one round trip on the listening connection,',
    'shared by the requests waiting at the time, so no other instance can have changed the data',
    'unheard (docs/decisions/0042-read-copies-dropped-by-database-notify.md). Sign-in is',
    'bound by argon2id on purpose and has no target.',
    '',
    '| route | requests/s | p99 ms | non-2xx | ratio to bare | target met (0.4) |',
    '|---|---|---|---|---|---|',
    ...cached.map((t) => {
      const target = /sign-in/.test(t.name) ? 'n/a' : ratio(t) >= 0.4 ? 'yes' : 'no';
      return `| ${t.name} | ${t.requestsPerSecond} | ${t.p99Ms} | ${t.non2xx} | ${ratio(t)} | ${target} |`;
    }),
    '',
  ];
}

/** The throughput section: uncached rows first with their same-SQL ratios, then cached. */
export function throughputSection(f: ThroughputFigures): string[] {
  return [
    '## API throughput (autocannon, 10 connections)',
    '',
    ...uncachedTable(f),
    ...cachedTable(f),
  ];
}

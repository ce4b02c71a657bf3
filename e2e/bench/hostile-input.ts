/**
 * How long other users wait while hostile requests arrive
 * (docs/decisions/0047-hostile-input-refused-at-the-edge.md).
 * A pattern that backtracks blocks the event loop, and every other request waits behind it; so
 * the figure is the delay a plain request (`GET /api/health`, probed every 10 ms) meets, first
 * on a quiet server, then while four clients keep sending worst-case bodies: half-megabyte
 * addresses shaped to make the old address pattern backtrack, NUL characters, broken multipart.
 */

export interface DelayFigures {
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface HostileFigures {
  quiet: DelayFigures;
  underAttack: DelayFigures;
  hostileRequests: number;
  /** Hostile answers by status class; a 5xx would be a defect. */
  statuses: Record<string, number>;
  slowestHostileMs: number;
}

const QUIET_MS = 3_000;
const ATTACK_MS = 6_000;
const SENDERS = 4;

function figures(samples: number[]): DelayFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    probes: sorted.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

async function probeUntil(baseURL: string, until: number): Promise<number[]> {
  const samples: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    await fetch(`${baseURL}/api/health`).then((response) => response.arrayBuffer());
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

/** The bodies an attacker sends, each to the route it targets. */
function hostileRequests(baseURL: string): (() => Promise<Response>)[] {
  const address = `a@${'a.'.repeat(250_000)}@`;
  const json = (url: string, body: unknown) => () =>
    fetch(`${baseURL}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return [
    json('/api/members/sendotp-password', { email: address }),
    json('/api/auth/login', { email: address, password: 'x' }),
    json('/api/members/sendotp', { email: `a@${'.a'.repeat(200_000)} ` }),
    json('/api/auth/login', { email: 'a\u0000b@x.org', password: 'x\u0000' }),
    () => fetch(`${baseURL}/api/public/verify/%00`, { headers: { accept: 'application/json' } }),
    () =>
      fetch(`${baseURL}/api/members/horses/register`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=' },
        body: 'abc',
      }),
  ];
}

export async function measureHostileInput(baseURL: string): Promise<HostileFigures> {
  const quiet = await probeUntil(baseURL, performance.now() + QUIET_MS);
  const requests = hostileRequests(baseURL);
  const statuses: Record<string, number> = {};
  let sent = 0;
  let slowest = 0;
  const end = performance.now() + ATTACK_MS;
  const sender = async (offset: number) => {
    for (let i = offset; performance.now() < end; i += 1) {
      const request = requests[i % requests.length];
      if (!request) continue;
      const started = performance.now();
      const response = await request();
      await response.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      const kind = `${Math.floor(response.status / 100)}xx`;
      statuses[kind] = (statuses[kind] ?? 0) + 1;
      sent += 1;
    }
  };
  const [underAttack] = await Promise.all([
    probeUntil(baseURL, end),
    ...Array.from({ length: SENDERS }, (_, i) => sender(i)),
  ]);
  return {
    quiet: figures(quiet),
    underAttack: figures(underAttack ?? []),
    hostileRequests: sent,
    statuses,
    slowestHostileMs: Math.round(slowest),
  };
}

export function hostileInputSection(result: HostileFigures | { error: string }): string[] {
  const lines = ['## Hostile input: what other users wait while worst-case requests arrive', ''];
  if ('error' in result) return [...lines, `Not measured: ${result.error}`, ''];
  const row = (name: string, f: DelayFigures) =>
    `| ${name} | ${f.probes} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} |`;
  const statuses = Object.entries(result.statuses)
    .map(([kind, count]) => `${kind}: ${count}`)
    .join(', ');
  return [
    ...lines,
    `A health probe every 10 ms, first on a quiet server (${QUIET_MS / 1000} s), then while ` +
      `${SENDERS} clients send worst-case bodies for ${ATTACK_MS / 1000} s (half-megabyte ` +
      'addresses shaped "a@a.a.a.…@" that made the old pattern backtrack for minutes, NUL ' +
      'characters, an empty multipart boundary). The probe delay is the event loop stall every ' +
      'other request meets. Embedded database, `npm start` build.',
    '',
    '| server | probes | p50 ms | p99 ms | worst ms |',
    '|---|---|---|---|---|',
    row('quiet', result.quiet),
    row('under hostile requests', result.underAttack),
    '',
    `${result.hostileRequests} hostile requests answered (${statuses}); the slowest took ` +
      `${result.slowestHostileMs} ms.`,
    '',
  ];
}

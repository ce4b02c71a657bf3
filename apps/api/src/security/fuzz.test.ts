import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../modules/auth/access.js';
import { ADMIN, bearer, createTestApp, login, MEMBER_A, type TestApp } from '../test/harness.js';

/**
 * Property-based fuzzing of every API route: at least 10,000 generated requests per run, each
 * with the token the route wants (so they get past the access check into validation and the
 * handlers). Whatever arrives, the server answers below 500 and errors keep the
 * `{ success: false, error }` shape. A failure prints the seed and the request to replay.
 */
const TOTAL_REQUESTS = 10_000;

/** Field names the routes read, so generated bodies reach past "unknown key" answers. */
const FIELD_NAMES = [
  'email',
  'password',
  'otp',
  'newPassword',
  'currentPassword',
  'token',
  'id',
  'page',
  'pageSize',
  'q',
  'sort',
  'order',
  'approvalStatus',
  'paymentStatus',
  'action',
  'approvedName',
  'reason',
  'verified',
  'overrideUnpaid',
  'markdown',
  'horseId',
  'newOwnerId',
  'note',
  'method',
  'reference',
  'paymentMethodId',
  'billingInfo',
  'fees',
  'firstName',
  'lastName',
  'memberNumber',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'paymentIntentId',
  'mode',
  '__proto__',
  'constructor',
];

/**
 * Text an attacker sends that plain generated strings rarely contain: NUL and other control
 * characters, lone UTF-16 surrogates (any 16-bit unit), direction overrides, and the shape
 * that made the old address pattern backtrack
 * (docs/decisions/0047-hostile-input-refused-at-the-edge.md).
 */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const hostileText = fc.oneof(
  fc.string({ unit: anyCodeUnit, maxLength: 24 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', 'a', '@', '.'),
    maxLength: 30,
  }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@x.org',
    '\ud800',
    'x\udfff',
    '\u001b[2J',
    '\u202egpj.exe',
    '\r\n',
  ),
  fc.integer({ min: 1, max: 2000 }).map((n) => `a@${'a.'.repeat(n)}@`),
);
const fieldName = fc.oneof(
  fc.constantFrom(...FIELD_NAMES),
  fc.string({ maxLength: 12 }),
  hostileText,
);
const body = fc.oneof(
  fc.dictionary(fieldName, fc.oneof(fc.jsonValue({ maxDepth: 3 }), hostileText), { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
  hostileText,
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom('-1', '0', '1e308', 'NaN', '%', "' or 1=1 --", '../../etc/passwd', ''),
  hostileText,
);
/** Content types a route did not ask for, and multipart headers without a usable boundary. */
const contentType = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=zz',
);

/** encodeURIComponent refuses lone surrogates; send them as the invalid UTF-8 a client could. */
function encodePathValue(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((piece) =>
      /^[\ud800-\udfff]$/.test(piece)
        ? `%${(0xe0 | (piece.charCodeAt(0) >> 12)).toString(16)}%${(0x80 | ((piece.charCodeAt(0) >> 6) & 63)).toString(16)}%${(0x80 | (piece.charCodeAt(0) & 63)).toString(16)}`
        : encodeURIComponent(piece),
    )
    .join('');
}
const query = fc.dictionary(fieldName, queryValue, { maxKeys: 5 });
const pathValue = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('..', '%2e%2e', '0', 'null', 'GHR-2026-00001', 'pi_sandbox_x'),
  hostileText,
);

let harness: TestApp;
let app: FastifyInstance;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  harness = await createTestApp({}, { demoHorses: true });
  app = harness.app;
  await app.ready();
  adminToken = await login(app, ADMIN, 'admin');
  memberToken = await login(app, MEMBER_A);
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

function tokenFor(route: RouteAccess): string | undefined {
  if (route.access === 'admin') return adminToken;
  if (route.access === 'member' || route.access === 'signed-in') return memberToken;
  return undefined;
}

function fill(url: string, values: string[]): string {
  let index = 0;
  return url.replace(/:[A-Za-z]+/g, () => encodePathValue(values[index++] ?? 'x'));
}

describe('fuzzing every route', () => {
  it(`answers ${TOTAL_REQUESTS}+ generated requests without a 5xx, errors in one shape`, async () => {
    // Public routes (sign-in, codes) are called without a token, as their callers are; their
    // rate limits answer 429, which is one of the allowed outcomes.
    const routes = app.routeTable;
    const runsPerRoute = Math.ceil(TOTAL_REQUESTS / routes.length);
    let sent = 0;
    for (const route of routes) {
      const token = tokenFor(route);
      await fc.assert(
        fc.asyncProperty(
          body,
          query,
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          contentType,
          async (payload, search, params, type) => {
            const url = `${fill(route.url, params)}?${new URLSearchParams(search).toString()}`;
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const response = await app.inject({
              method: route.method as 'POST',
              url,
              headers: {
                ...(token ? bearer(token) : {}),
                ...(hasBody ? { 'content-type': type } : {}),
              },
              ...(hasBody ? { payload: JSON.stringify(payload) } : {}),
            });
            sent += 1;
            const where = `${route.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (
              response.statusCode >= 400 &&
              String(response.headers['content-type']).includes('json')
            ) {
              const answer = response.json() as { success?: unknown; error?: unknown };
              expect(answer.success, where).toBe(false);
              expect(typeof answer.error, where).toBe('string');
            }
          },
        ),
        { numRuns: runsPerRoute },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 600_000);
});

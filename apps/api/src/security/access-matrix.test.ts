import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../modules/auth/access.js';
import {
  ADMIN,
  bearer,
  createTestApp,
  login,
  MEMBER_A,
  MEMBER_B,
  type TestApp,
} from '../test/harness.js';
import { EXPECTED_ACCESS } from './expected-access.js';

/**
 * The authorization matrix: every API route the server actually registers, called as
 * {anonymous, member A, member B, admin}, against the table in expected-access.ts. A new route
 * fails here until someone decides who may call it; a route answering a caller it should refuse
 * fails here too.
 */
let harness: TestApp;
let app: FastifyInstance;
let tokens: { admin: string; memberA: string; memberB: string };
let memberAId: string;
let memberAHorseId: string;

const key = (route: Pick<RouteAccess, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Any id the route takes, filled with something that exists nowhere. */
function withUnknownIds(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
    name === 'registrationNumber' ? 'GHR-NOPE-0' : name === 'token' ? 'x'.repeat(43) : randomUUID(),
  );
}

async function call(route: RouteAccess, url: string, token?: string) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  harness = await createTestApp({}, { demoHorses: true });
  app = harness.app;
  await app.ready();
  tokens = {
    admin: await login(app, ADMIN, 'admin'),
    memberA: await login(app, MEMBER_A),
    memberB: await login(app, MEMBER_B),
  };
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: bearer(tokens.memberA),
  });
  memberAId = (me.json() as { data: { id: string } }).data.id;
  const horses = await app.inject({
    method: 'GET',
    url: '/api/auth/horses?page=1&pageSize=1',
    headers: bearer(tokens.memberA),
  });
  const list = horses.json() as { data: { items?: { _id: string }[] } | { _id: string }[] };
  const items = Array.isArray(list.data) ? list.data : (list.data.items ?? []);
  memberAHorseId = items[0]?._id as string;
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

describe('authorization matrix', () => {
  it('has an expected access level for exactly the routes the server registers', () => {
    const live = Object.fromEntries(app.routeTable.map((route) => [key(route), route.access]));
    const unexpected = Object.keys(live).filter((route) => !(route in EXPECTED_ACCESS));
    const missing = Object.keys(EXPECTED_ACCESS).filter((route) => !(route in live));
    expect({ unexpected, missing }).toEqual({ unexpected: [], missing: [] });
    expect(live).toEqual(EXPECTED_ACCESS);
  });

  it('refuses anonymous callers on every route that is not public (401)', async () => {
    const wrong: string[] = [];
    for (const route of app.routeTable.filter((r) => r.access !== 'public')) {
      const response = await call(route, withUnknownIds(route.url));
      if (response.statusCode !== 401) wrong.push(`${key(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses members on admin routes and admins on member routes (403)', async () => {
    const wrong: string[] = [];
    for (const route of app.routeTable) {
      const refused =
        route.access === 'admin' ? tokens.memberA : route.access === 'member' ? tokens.admin : null;
      if (!refused) continue;
      const response = await call(route, withUnknownIds(route.url), refused);
      if (response.statusCode !== 403) wrong.push(`${key(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the intended caller through the access check (never 401 or 403, never 5xx)', async () => {
    const wrong: string[] = [];
    for (const route of app.routeTable.filter((r) => r.access !== 'public')) {
      const token = route.access === 'admin' ? tokens.admin : tokens.memberB;
      const response = await call(route, withUnknownIds(route.url), token);
      if ([401, 403].includes(response.statusCode) || response.statusCode >= 500) {
        wrong.push(`${key(route)} -> ${response.statusCode}`);
      }
      // Sign-out ends the session it was called with: the next routes need a fresh one.
      if (route.url === '/api/auth/logout') tokens.memberB = await login(app, MEMBER_B);
    }
    expect(wrong).toEqual([]);
  });

  it("hides member A's own records from member B (404) on every member route with an id", async () => {
    expect(memberAHorseId).toBeTruthy();
    const wrong: string[] = [];
    const routes = app.routeTable.filter(
      (r) => r.access === 'member' && /:(id|horseId)\b/.test(r.url),
    );
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      // /members/:id is a member record; every other id under /members is a horse.
      const id = /^\/api\/members\/:id$/.test(route.url) ? memberAId : memberAHorseId;
      const url = route.url.replace(/:(id|horseId)\b/, id);
      const response = await call(route, url, tokens.memberB);
      // A route with a body may refuse the empty body (400) before it looks the id up; either
      // answer says nothing about A's horse. Anything else is a leak.
      const hidden =
        response.statusCode === 404 ||
        (response.statusCode === 400 && !['GET', 'DELETE'].includes(route.method));
      if (!hidden) wrong.push(`${key(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // And nothing happened to the horse.
    const still = await app.inject({
      method: 'GET',
      url: `/api/members/horses/${memberAHorseId}`,
      headers: bearer(tokens.memberA),
    });
    expect(still.statusCode).toBe(200);
  });
});

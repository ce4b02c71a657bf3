import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { horses, users } from '../../db/schema.js';
import { freshDataLocation, testConfig } from '../../test/harness.js';
import type { GeneratedCredential } from './bootstrap.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function location() {
  const place = await freshDataLocation();
  cleanups.push(place.drop);
  return place.overrides;
}

async function start(overrides: Parameters<typeof testConfig>[0]) {
  const generated: GeneratedCredential[] = [];
  const app = await buildApp(testConfig(overrides), {
    onGeneratedCredentials: (c) => generated.push(...c),
  });
  return { app, generated };
}

const signIn = (
  app: Awaited<ReturnType<typeof buildApp>>,
  url: string,
  email: string,
  password: string,
) => app.inject({ method: 'POST', url, payload: { email, password } });

describe('first start', () => {
  it('generates and reports a strong administrator password once, and keeps data over a restart', async () => {
    const place = await location();
    const first = await start({
      ...place,
      adminPassword: undefined,
      adminEmail: 'office@club.org',
      demoData: false,
    });
    expect(first.generated).toHaveLength(1);
    const [admin] = first.generated;
    expect(admin).toMatchObject({ email: 'office@club.org', role: 'admin' });
    expect(admin?.password.length).toBeGreaterThanOrEqual(20);
    const signedIn = await signIn(
      first.app,
      '/api/auth/admin-login',
      'office@club.org',
      admin?.password ?? '',
    );
    expect(signedIn.statusCode).toBe(200);
    await first.app.close();

    const second = await start({
      ...place,
      adminPassword: undefined,
      adminEmail: 'office@club.org',
      demoData: false,
    });
    try {
      expect(second.generated).toEqual([]);
      const again = await signIn(
        second.app,
        '/api/auth/admin-login',
        'office@club.org',
        admin?.password ?? '',
      );
      expect(again.statusCode).toBe(200);
      const count = await second.app.database.db.select().from(users);
      expect(count).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('creates the demo members on an empty database, with a printed password when none is given', async () => {
    const place = await location();
    const { app, generated } = await start({ ...place, demoData: true, demoPassword: undefined });
    try {
      expect(generated.map((g) => g.email)).toEqual(['member1@example.org', 'member2@example.org']);
      const password = generated[0]?.password ?? '';
      expect(
        (await signIn(app, '/api/auth/login', 'member2@example.org', password)).statusCode,
      ).toBe(200);
      // With their demo horses, in several states (details in horses/lists.test.ts).
      const demo = await app.database.db.select().from(horses);
      expect(demo.length).toBeGreaterThanOrEqual(6);
      expect(new Set(demo.map((h) => h.approvalStatus))).toEqual(
        new Set(['pending', 'approved', 'rejected']),
      );
    } finally {
      await app.close();
    }
  });

  it('adds no demo members to a database that already has users', async () => {
    const place = await location();
    const first = await start({ ...place, demoData: false });
    await first.app.close();
    const second = await start({ ...place, demoData: true });
    try {
      const members = await second.app.database.db
        .select()
        .from(users)
        .where(eq(users.role, 'member'));
      expect(members).toEqual([]);
      expect(await second.app.database.db.select().from(horses)).toEqual([]);
    } finally {
      await second.app.close();
    }
  });
});

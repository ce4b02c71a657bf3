import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { horseDisplayName } from '@registry/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, horses } from '../../db/schema.js';
import { ADMIN, bearer, createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { HORSE_CSV_COLUMNS } from './export.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { demoHorses: true });
  admin = await login(t.app, ADMIN, 'admin');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get(url: string, token = admin) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

function rowsOf(body: string): string[][] {
  return parse(body, { bom: true }) as string[][];
}

describe('horse register export', () => {
  it('is UTF-8 with a byte-order mark, accented names intact, and audited', async () => {
    const [first] = await t.database.db.select().from(horses).limit(1);
    await t.database.db
      .update(horses)
      .set({ firstChoice: 'Café Noël', approvedName: null })
      .where(eq(horses.id, first!.id));
    const response = await get('/api/admin/horses/export.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="horses-/);
    const bytes = Buffer.from(response.rawPayload);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, ...rows] = rowsOf(response.body);
    expect(head).toEqual([...HORSE_CSV_COLUMNS]);
    // The name column is the domain's display name
    // (docs/decisions/0075-one-horse-repository-and-edit-service.md).
    expect(rows.map((row) => row[1])).toContain(
      horseDisplayName({ ...first!, firstChoice: 'Café Noël', approvedName: null }),
    );
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'horse.export'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('has the Horse List’s filters and order, without paging', async () => {
    for (const filter of ['approvalStatus=approved', 'approvalStatus=pending', 'q=a']) {
      const list = await get(`/api/admin/horses?${filter}&pageSize=100&sort=name&order=asc`);
      type Listed = {
        registrationNum: string | null;
        approvedName: string | null;
        firstChoice: string;
        secondChoice: string;
        thirdChoice: string;
      };
      const listed = (list.json() as { data: { items: Listed[] } }).data.items;
      const csv = await get(`/api/admin/horses/export.csv?${filter}&sort=name&order=asc`);
      const [, ...rows] = rowsOf(csv.body);
      expect(rows.length).toBe(listed.length);
      expect(rows.map((row) => `${row[0]}|${row[1]}`)).toEqual(
        listed.map((h) => `${h.registrationNum ?? ''}|${horseDisplayName(h)}`),
      );
    }
    const approved = rowsOf(
      (await get('/api/admin/horses/export.csv?approvalStatus=approved')).body,
    );
    expect(approved.slice(1).every((row) => row[2] === 'approved')).toBe(true);
  });

  it('is for administrators only and refuses bad filters with a 4xx', async () => {
    const member = await login(t.app, MEMBER_A);
    expect((await get('/api/admin/horses/export.csv', member)).statusCode).toBe(403);
    const bad = await get('/api/admin/horses/export.csv?approvalStatus=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
  });

  it('gives the members export a byte-order mark too', async () => {
    const response = await get('/api/admin/members/export.csv');
    expect([...Buffer.from(response.rawPayload).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

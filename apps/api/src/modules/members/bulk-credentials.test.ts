import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { BULK_CREDENTIALS_MAX } from '@registry/domain';
import { auditLog, mailOutbox, setPasswordTokens, users } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { encodeForm } from '../../test/multipart.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
});
afterAll(() => t.close());

async function importCsv(csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'members.csv');
  const { payload, headers } = await encodeForm(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/members/import?mode=commit',
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

const send = (memberIds: unknown, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/members/send-credentials',
    headers: bearer(token),
    payload: { memberIds },
  });

const mailsTo = async (domain: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.to, `%@${domain}`));

type Outcome = { id: string; email: string | null; outcome: string };

describe('Send credentials to the members of an import', () => {
  let ids: string[] = [];

  it('an import answers the new members’ ids in file order', async () => {
    const response = await importCsv(
      'email,firstName,lastName\n' +
        'a@bulk.test,Ann,Able\n' +
        'b@bulk.test,Ben,Baker\n' +
        'c@bulk.test,Cy,Cole\n',
    );
    expect(response.statusCode).toBe(200);
    const report = response.json().data;
    expect(report.imported).toBe(3);
    ids = report.importedIds;
    const rows = await t.database.db.select().from(users).where(inArray(users.id, ids));
    const emailOf = new Map(rows.map((row) => [row.id, row.email]));
    expect(ids.map((id) => emailOf.get(id))).toEqual(['a@bulk.test', 'b@bulk.test', 'c@bulk.test']);
  });

  it('sends one link each, and a repeat of the same request sends nothing twice', async () => {
    // c@ is deactivated before the send: no link for an inactive member.
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, ids[2]!));
    const first = await send(ids);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.results.map((r: Outcome) => [r.email, r.outcome])).toEqual([
      ['a@bulk.test', 'sent'],
      ['b@bulk.test', 'sent'],
      ['c@bulk.test', 'inactive'],
    ]);
    expect((await mailsTo('bulk.test')).map((m) => m.to).sort()).toEqual([
      'a@bulk.test',
      'b@bulk.test',
    ]);

    const again = await send(ids);
    expect(again.json().data.results.map((r: Outcome) => r.outcome)).toEqual([
      'already-sent',
      'already-sent',
      'inactive',
    ]);
    expect(await mailsTo('bulk.test')).toHaveLength(2);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.subject, ids));
    expect(audits.filter((a) => a.action === 'member.send-credentials')).toHaveLength(2);
  });

  it('two requests at once for the same members still queue one mail each', async () => {
    const response = await importCsv('email,firstName,lastName\nd@race.test,Dee,Race\n');
    const [id] = response.json().data.importedIds as string[];
    const [one, two] = await Promise.all([send([id, id]), send([id])]);
    const outcomes = [...one.json().data.results, ...two.json().data.results].map(
      (r: Outcome) => r.outcome,
    );
    expect(outcomes.sort()).toEqual(['already-sent', 'sent']);
    expect(await mailsTo('race.test')).toHaveLength(1);
    const links = await t.database.db
      .select()
      .from(setPasswordTokens)
      .where(eq(setPasswordTokens.userId, id!));
    expect(links).toHaveLength(1);
  });

  it('skips a member who already has a password, and reports unknown ids', async () => {
    const [member] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, MEMBER_A.email));
    const response = await send([member!.id, '00000000-0000-4000-8000-000000000000', 'nope']);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.results.map((r: Outcome) => r.outcome)).toEqual([
      'has-password',
      'not-found',
      'not-found',
    ]);
    expect(
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, MEMBER_A.email)),
    ).toHaveLength(0);
  });

  it('refuses an empty list, too many ids and a member caller, with a 4xx', async () => {
    expect((await send([])).statusCode).toBe(400);
    const many = Array.from({ length: BULK_CREDENTIALS_MAX + 1 }, (_, i) => `id-${i}`);
    expect((await send(many)).statusCode).toBe(400);
    expect((await send('x')).statusCode).toBe(400);
    const member = await login(t.app, MEMBER_A, 'member');
    expect((await send(ids, member)).statusCode).toBe(403);
  });
});

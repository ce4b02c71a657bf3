import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  DASHBOARD_CONTENT_MAX_NESTING,
  DASHBOARD_CONTENT_MESSAGES,
} from '@registry/domain';
import { eq } from 'drizzle-orm';
import { dashboardContent, payments } from '../../db/schema.js';
import { MEMBER_B, bearer, login, type TestApp } from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';
import { renderDashboardText, renderMarkdown } from './sanitize.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let admin: string;
let memberA: string;
beforeAll(async () => {
  ({ t, admin, memberA } = await createSignedInApp(
    ['admin', 'memberA'],
    { logLevel: 'warn' },
    { logStream },
  ));
});
afterAll(() => t.close());

const save = (markdown: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/dashboard-content',
    headers: bearer(admin),
    payload: { markdown },
  });

describe('sanitizing', () => {
  it.each([
    ['<script>alert(1)</script>Hello', /<script|alert\(1\)/i],
    ['<img src="x.png" onerror="alert(1)">', /onerror/i],
    ['[click](javascript:alert(1))', /javascript:/i],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', /javascript/i],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['<style>body{display:none}</style>', /<style|display:none/i],
    ['<p style="color:red" onclick="x()">hi</p>', /style=|onclick/i],
    ['![x](data:image/svg+xml;base64,PHN2Zz4=)', /data:/i],
    ['<svg><script>alert(1)</script></svg>', /<svg|<script/i],
    ['<form action="/x"><input name="a"></form>', /<form|<input/i],
  ])('removes the danger from %s', (markdown, danger) => {
    expect(renderMarkdown(markdown)).not.toMatch(danger);
  });

  it('keeps the basic formatting and safe links', () => {
    const html = renderMarkdown(
      '# Show day\n\n**Bold** and _em_\n\n- one\n- two\n\n[Rules](https://example.org/rules)',
    );
    expect(html).toContain('<h1>Show day</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain(
      '<a href="https://example.org/rules" rel="noopener noreferrer nofollow" target="_blank">Rules</a>',
    );
  });
});

const read = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Generators of texts nested `n` levels deep, by each way markdown nests. */
const NESTED: Array<[string, (n: number) => string]> = [
  ['quotes', (n) => `${'>'.repeat(n)} deep`],
  ['quotes with spaces', (n) => `${'> '.repeat(n)}deep`],
  ['bullet lists', (n) => `${'- '.repeat(n)}deep`],
  ['numbered lists', (n) => `${'1. '.repeat(n)}deep`],
  [
    'quotes and lists',
    (n) => `${Array.from({ length: n }, (_, i) => (i % 2 ? '- ' : '> ')).join('')}deep`,
  ],
  // Nesting no single line shows: only what marked builds can tell.
  [
    'indented lists',
    (n) => Array.from({ length: n }, (_, level) => `${'  '.repeat(level)}- item`).join('\n'),
  ],
  ['emphasis', (n) => `${'*a '.repeat(n)}deep${' a*'.repeat(n)}`],
];

describe('nesting limit (issue 28 §6)', () => {
  it('refuses 2,000 `>` at save with a 400 and stores nothing', async () => {
    await save('Kept');
    const response = await save('>'.repeat(2000));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: DASHBOARD_CONTENT_MESSAGES.tooDeep,
      fields: { markdown: DASHBOARD_CONTENT_MESSAGES.tooDeep },
    });
    const current = await read('/api/admin/dashboard/content', admin);
    expect(current.statusCode).toBe(200);
    expect(current.json().data.markdown).toBe('Kept');
  });

  it.each(NESTED)(
    `takes %s ${DASHBOARD_CONTENT_MAX_NESTING} levels deep and refuses one more`,
    async (_, nested) => {
      const limit = DASHBOARD_CONTENT_MAX_NESTING;
      expect('html' in renderDashboardText(nested(limit))).toBe(true);
      expect(renderDashboardText(nested(limit + 1))).toEqual({
        problem: DASHBOARD_CONTENT_MESSAGES.tooDeep,
      });
      expect((await save(nested(limit))).statusCode).toBe(200);
      const refused = await save(nested(limit + 1));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.markdown).toBe(DASHBOARD_CONTENT_MESSAGES.tooDeep);
    },
  );

  it('refuses nesting deep enough to overflow marked, within the size limit', () => {
    // 6 kB of emphasis: marked either overflows its stack (caught) or builds ~3,000 levels.
    const rendering = renderDashboardText(`${'*'.repeat(3000)}x${'*'.repeat(3000)}`);
    expect(rendering).toMatchObject({ problem: DASHBOARD_CONTENT_MESSAGES.tooDeep });
  });

  it('does not count a long rule of dashes as nesting', async () => {
    const response = await save(`Above\n\n${'- '.repeat(40)}\n\nBelow`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.html).toContain('<hr />');
  });

  it('still answers 200 when a text saved before the limit cannot be rendered', async () => {
    const stored = `${'>'.repeat(2000)}\n\n<script>alert(1)</script> & "more"\nline two`;
    await t.database.db
      .update(dashboardContent)
      .set({ markdown: stored })
      .where(eq(dashboardContent.key, 'dashboard'));
    logLines.length = 0;
    for (const [url, token] of [
      ['/api/admin/dashboard/content', admin],
      ['/api/members/dashboard/content', memberA],
    ] as const) {
      const response = await read(url, token);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      // The admin editor gets the text back to fix it; members get it as escaped plain text.
      expect(data.markdown).toBe(stored);
      expect(data.html).toBe(
        `<p>${'&gt;'.repeat(2000)}</p>\n` +
          '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;<br />line two</p>',
      );
    }
    const warnings = logLines.filter((line) => line.includes('cannot be rendered'));
    expect(warnings).toHaveLength(2);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
      level: 40,
      problem: DASHBOARD_CONTENT_MESSAGES.tooDeep,
    });
    // Saving a good text (without first reading the bad one back) puts it right.
    expect((await save('Fixed')).json().data.html).toBe('<p>Fixed</p>\n');
  });
});

describe('dashboard content routes', () => {
  it('saves markdown and serves sanitized HTML to admins and members', async () => {
    const markdown =
      'Welcome!\n\n<script>steal()</script><img src="https://x.example/a.png" onerror="steal()">';
    const saved = await save(markdown);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.markdown).toBe(markdown);
    expect(saved.json().data.updatedBy.name).toBeTruthy();
    for (const [url, token] of [
      ['/api/admin/dashboard/content', admin],
      ['/api/members/dashboard/content', memberA],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.html).toContain('Welcome!');
      expect(data.html).toContain('<img src="https://x.example/a.png" />');
      expect(data.html).not.toMatch(/script|steal|onerror/);
      expect(data.updatedAt).toBeTruthy();
    }
  });

  it('refuses more than 20 kB (counted in bytes) and keeps the previous text', async () => {
    await save('Kept');
    const tooBig = await save('é'.repeat(10 * 1024 + 1));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.markdown).toBe(ADMIN_MESSAGES.contentTooLarge);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/content',
      headers: bearer(admin),
    });
    expect(current.json().data.markdown).toBe('Kept');
    expect((await save('a'.repeat(20 * 1024))).statusCode).toBe(200);
  });

  it("gives members their own horses' counts and the payments needing their action", async () => {
    const db = t.database.db;
    const first = await registerThroughApi(t.app, db, memberA);
    const [needsAction] = await cloneHorses(db, first, 1, { paymentStatus: 'requires_action' });
    await cloneHorses(db, first, 1, { paymentStatus: 'paid', approvalStatus: 'approved' });
    await cloneHorses(db, first, 1, { paymentStatus: 'failed', approvalStatus: 'rejected' });
    await registerThroughApi(t.app, db, await login(t.app, MEMBER_B));
    await db.insert(payments).values({
      horseId: needsAction?.id,
      provider: 'sandbox',
      method: 'card',
      idempotencyKey: 'dash-1',
      amountCents: 3000,
      fees: {},
      status: 'requires_action',
      actionUrl: 'https://pay.example/approve/1',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/members/dashboard/content',
      headers: bearer(memberA),
    });
    const data = response.json().data;
    expect(data.horses).toEqual({
      byApprovalStatus: { pending: 2, approved: 1, rejected: 1 },
      // Every payment status is counted, the refunded and disputed ones of issue 17 too.
      byPaymentStatus: {
        unpaid: 1,
        processing: 0,
        requires_action: 1,
        paid: 1,
        failed: 1,
        refunded: 0,
        disputed: 0,
      },
      total: 4,
    });
    const needing = data.paymentsNeedingAction as Array<{
      _id: string;
      paymentStatus: string;
      actionUrl: string | null;
    }>;
    expect(needing.map((h) => h.paymentStatus).sort()).toEqual([
      'failed',
      'requires_action',
      'unpaid',
    ]);
    expect(needing.find((h) => h._id === needsAction?.id)?.actionUrl).toBe(
      'https://pay.example/approve/1',
    );
  });
});

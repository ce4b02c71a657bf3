import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  DASHBOARD_CONTENT_MAX_BYTES,
  DASHBOARD_CONTENT_MESSAGES,
} from '@registry/domain';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
});
afterAll(() => t.close());

const preview = (token: string | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/dashboard-content/preview',
    headers: token ? bearer(token) : {},
    payload,
  });

describe('POST /api/admin/dashboard-content/preview', () => {
  it('renders markdown to the same sanitized HTML members get, without scripts', async () => {
    const markdown =
      '# News\n\nShow on **May 3**. [Entries](https://example.org)\n\n<script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>';
    const response = await preview(admin, { markdown });
    expect(response.statusCode).toBe(200);
    const { html } = response.json().data as { html: string };
    expect(html).toContain('<h1>News</h1>');
    expect(html).toContain('<strong>May 3</strong>');
    expect(html).toMatch(/<a href="https:\/\/example.org"[^>]*rel="noopener noreferrer nofollow"/);
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('stores nothing: the saved content stays as it was', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/content',
      headers: bearer(admin),
    });
    await preview(admin, { markdown: 'Draft that is never saved' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/content',
      headers: bearer(admin),
    });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('refuses content over the size limit with a field error', async () => {
    const response = await preview(admin, {
      markdown: 'x'.repeat(DASHBOARD_CONTENT_MAX_BYTES + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      fields: { markdown: ADMIN_MESSAGES.contentTooLarge },
    });
  });

  it('refuses 2,000 `>` (issue 28 §6) with the message a save would give', async () => {
    const response = await preview(admin, { markdown: '>'.repeat(2000) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      fields: { markdown: DASHBOARD_CONTENT_MESSAGES.tooDeep },
    });
  });

  it('is for administrators only', async () => {
    expect((await preview(member, { markdown: 'hi' })).statusCode).toBe(403);
    expect((await preview(null, { markdown: 'hi' })).statusCode).toBe(401);
    expect((await preview(admin, {})).statusCode).toBe(400);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { thisServer } from './support/server.js';
import { HORSE_MESSAGES } from '@registry/domain';
import { startCuttingProxy, videoBytes, type CuttingProxy } from './support/cutting-proxy.js';
import { launchChromium, openRegisterFormThrough } from './support/proxied-register-form.js';

/**
 * What a member sees of each background upload (issue 14 items 1 and 2): the server's refusal
 * of a finished file beside the field at once, with Retry; and Cancel, which stops the bytes.
 * Through a proxy slowed to a phone's upload rate, so an upload is still running when Cancel is
 * pressed.
 */
const RATE = 2 * 1024 * 1024;
let browser: Browser;
let proxy: CuttingProxy;
const dir = mkdtempSync(path.join(tmpdir(), 'registry-upload-status-'));
const videoFile = path.join(dir, 'long-ride.mp4');
const fakePdf = path.join(dir, 'papers.pdf');

beforeAll(async () => {
  writeFileSync(videoFile, videoBytes(20 * 1024 * 1024));
  // A Windows program renamed to .pdf: the server's magic-byte check refuses it.
  writeFileSync(fakePdf, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]));
  proxy = await startCuttingProxy(thisServer().baseURL, RATE);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

const openRegisterForm = () => openRegisterFormThrough(browser, proxy);

describe('background uploads as the member sees them (issue 14)', () => {
  it("shows the server's refusal beside the file at once, with Retry", async () => {
    const { context, dialog } = await openRegisterForm();
    await dialog.getByLabel('Horse Registration Document').setInputFiles(fakePdf);
    const row = dialog.getByRole('listitem').filter({ hasText: 'papers.pdf' });
    // The check runs when the last byte arrives; its message is in the file's own row.
    await row
      .getByRole('alert')
      .filter({ hasText: HORSE_MESSAGES.documentFormat })
      .waitFor({ timeout: 30_000 });
    expect(await row.getByRole('button', { name: 'Retry papers.pdf' }).isVisible()).toBe(true);
    expect(await row.getByText('Uploaded', { exact: true }).count()).toBe(0);
    // Retry sends it again: the same bytes get the same answer, never "Uploaded".
    await row.getByRole('button', { name: 'Retry papers.pdf' }).click();
    await row
      .getByRole('alert')
      .filter({ hasText: HORSE_MESSAGES.documentFormat })
      .waitFor({ timeout: 30_000 });
    expect(await row.getByText('Uploaded', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('shows the progress of a running upload, and Cancel stops its bytes', async () => {
    const { context, dialog } = await openRegisterForm();
    await dialog.getByLabel('Performance Video Upload').setInputFiles(videoFile);
    const row = dialog.getByRole('listitem').filter({ hasText: 'long-ride.mp4' });
    const progress = row.getByRole('progressbar', { name: 'Uploading long-ride.mp4' });
    await progress.waitFor({ timeout: 30_000 });
    proxy.reset();
    // At 2 MB/s a 20 MB video takes about 10 s: wait until some of it went.
    await expect
      .poll(() => proxy.sent(), { timeout: 15_000, interval: 100 })
      .toBeGreaterThan(2 * 1024 * 1024);
    await row.getByRole('button', { name: 'Cancel upload of long-ride.mp4' }).click();
    await progress.waitFor({ state: 'detached', timeout: 5_000 });
    // Bytes already buffered on the way may still pass; then nothing more comes.
    let last = -1;
    await expect
      .poll(
        () => {
          const now = proxy.sent();
          const still = now === last;
          last = now;
          return still;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(proxy.sent()).toBe(last);
    // Well short of the 20 MB the upload would have sent had it gone on.
    expect(last).toBeLessThan(16 * 1024 * 1024);
    expect(await row.getByText('Uploaded', { exact: true }).count()).toBe(0);
    await context.close();
  });
});

import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { thisServer } from './support/server.js';
import { startCuttingProxy, videoBytes, type CuttingProxy } from './support/cutting-proxy.js';
import { makePhonePhoto } from './support/phone-photo.js';
import { launchChromium, openRegisterFormThrough } from './support/proxied-register-form.js';

const VIDEO = 20 * 1024 * 1024;
let browser: Browser;
let proxy: CuttingProxy;
const videoDir = mkdtempSync(path.join(tmpdir(), 'registry-video-'));
const videoFile = path.join(videoDir, 'ride.mp4');
const photoFile = path.join(videoDir, 'IMG_0042.jpeg');

beforeAll(async () => {
  writeFileSync(videoFile, videoBytes(VIDEO));
  writeFileSync(photoFile, await makePhonePhoto());
  proxy = await startCuttingProxy(thisServer().baseURL);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  rmSync(videoDir, { recursive: true, force: true });
});

const openRegisterForm = () => openRegisterFormThrough(browser, proxy);

describe('resumable uploads in the browser (issue 14)', () => {
  it('a 20 MB video cut off halfway resumes from what the server has, not from zero', async () => {
    const { context, dialog } = await openRegisterForm();
    proxy.reset();
    const cut = proxy.cutAfter(VIDEO / 2);
    // A file on disk: Chromium reads it itself (a 20 MB buffer would cross the CDP pipe).
    await dialog.getByLabel('Performance Video Upload').setInputFiles(videoFile);
    await cut;
    // The connection dropped mid-file; tus-js-client asks where it stands and sends the rest.
    await dialog.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
    const sent = proxy.sent();
    expect(sent).toBeGreaterThan(VIDEO);
    // Sending the first half again would make this about 30 MB.
    expect(sent).toBeLessThanOrEqual(21 * 1024 * 1024);
    await context.close();
  });

  it('a 12-megapixel phone photo chosen as a marking photo goes up scaled down', async () => {
    const { context, dialog } = await openRegisterForm();
    proxy.reset();
    const original = statSync(photoFile).size;
    expect(original).toBeGreaterThan(3_500_000);
    await dialog.getByLabel('Horse Marking Documents', { exact: true }).setInputFiles(photoFile);
    await dialog.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
    // Everything the browser sent meanwhile (the upload and the draft saves): the photo went up
    // at about a tenth of its size (2,048 px JPEG), never at its 4 MB.
    expect(proxy.sent()).toBeLessThan(1024 * 1024);
    await context.close();
  });
});

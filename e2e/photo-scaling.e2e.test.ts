import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './support/browser.js';
import { describePhoto, makePhonePhoto, PHONE_PHOTO } from './support/phone-photo.js';
import { scaleInPage, servePhotoScaling } from './support/photo-scaling-in-page.js';

const browser = useBrowser();

describe('phone photo scaling (issue 14 item 4)', () => {
  it('scales a 12-megapixel phone JPEG to a 2,048 px upright JPEG under 2 MB in Chromium', async () => {
    const page = await browser.newPage(PHONE);
    await servePhotoScaling(page);
    await page.goto('/login');
    const original = await makePhonePhoto();
    const before = await describePhoto(original);
    expect(before).toMatchObject({ width: PHONE_PHOTO.width, height: PHONE_PHOTO.height });
    expect(before.orientation).toBe(6);
    expect(before.size).toBeGreaterThan(3_500_000);

    const scaled = await scaleInPage(page, original, 'IMG_0042.jpeg');
    expect(scaled.same).toBe(false);
    expect(scaled.name).toBe('IMG_0042.jpg');
    expect(scaled.type).toBe('image/jpeg');
    const after = await describePhoto(scaled.bytes);
    // Turned as the camera said (portrait), long edge 2,048, pixels rotated rather than tagged.
    expect(after).toMatchObject({ width: 1536, height: 2048, format: 'jpeg', redOnTheRight: true });
    expect(after.orientation ?? 1).toBe(1);
    expect(after.size).toBeLessThanOrEqual(1024 * 1024);
    expect(page.consoleErrors).toEqual([]);
  });

  it('returns a small photo untouched', async () => {
    const page = await browser.newPage(PHONE);
    await servePhotoScaling(page);
    await page.goto('/login');
    const sharp = (await import('sharp')).default;
    const small = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#804020' },
    })
      .jpeg()
      .toBuffer();
    const result = await scaleInPage(page, small, 'small.jpg');
    expect(result.same).toBe(true);
    expect(result.bytes.equals(small)).toBe(true);
  });
});

import { chromium } from 'playwright-core';
import { describePhoto, makePhonePhoto } from '../support/phone-photo.js';
import { scaleInPage, servePhotoScaling } from '../support/photo-scaling-in-page.js';
import { BROWSER_ARGS, CHROMIUM } from './chromium.js';

/** Issue 14's target: four 12-megapixel phone photos upload as at most 4 MB in total. */
export const PHONE_PHOTOS_TARGET_BYTES = 4 * 1024 * 1024;
const PHOTOS = 4;
const MB = 1024 * 1024;

export interface PhonePhotoFigures {
  photos: { originalBytes: number; uploadBytes: number; width: number; height: number }[];
  originalTotal: number;
  uploadTotal: number;
}

/**
 * Four generated 12-megapixel phone JPEGs (about 4 MB each, EXIF orientation 6) go through the
 * web app's own scaleMarkingPhoto in Chromium at a phone's viewport; what it hands to the
 * uploader is what goes on the wire for the marking photos.
 */
export async function measurePhonePhotos(baseURL: string): Promise<PhonePhotoFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: BROWSER_ARGS,
    headless: true,
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await servePhotoScaling(page);
    await page.goto('/login');
    const photos: PhonePhotoFigures['photos'] = [];
    for (let i = 0; i < PHOTOS; i += 1) {
      const original = await makePhonePhoto(11 + i);
      const scaled = await scaleInPage(page, original, `IMG_${1000 + i}.jpeg`);
      const seen = await describePhoto(scaled.bytes);
      photos.push({
        originalBytes: original.length,
        uploadBytes: scaled.bytes.length,
        width: seen.width ?? 0,
        height: seen.height ?? 0,
      });
    }
    const sum = (key: 'originalBytes' | 'uploadBytes') =>
      photos.reduce((total, photo) => total + photo[key], 0);
    return { photos, originalTotal: sum('originalBytes'), uploadTotal: sum('uploadBytes') };
  } finally {
    await browser.close();
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(2);

export function phonePhotosSection(figures: PhonePhotoFigures | { error: string }): string[] {
  const lines = ['## Four 12-megapixel phone photos: target at most 4 MB uploaded in total', ''];
  if ('error' in figures) return [...lines, `Not measured: ${figures.error}`, ''];
  const met = figures.uploadTotal <= PHONE_PHOTOS_TARGET_BYTES ? 'yes' : 'no';
  return [
    ...lines,
    'Generated 4000 × 3000 JPEGs with grain (quality 90, EXIF orientation 6, like an upright',
    "phone's) scaled by the form's `scaleMarkingPhoto` in Chromium before upload",
    '(`apps/web/src/features/horses/photo-scaling`).',
    '',
    '| photo | chosen MB | uploaded MB | uploaded size (px) |',
    '|---|---|---|---|',
    ...figures.photos.map(
      (photo, i) =>
        `| ${i + 1} | ${mb(photo.originalBytes)} | ${mb(photo.uploadBytes)} | ${photo.width} × ${photo.height} |`,
    ),
    `| total | ${mb(figures.originalTotal)} | ${mb(figures.uploadTotal)} | target met: ${met} |`,
    '',
  ];
}

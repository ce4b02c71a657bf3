import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { PROFILE_MESSAGES, PROFILE_PICTURE } from '@registry/domain';
import { users } from '../../db/schema.js';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { SAMPLE_BYTES, encodeForm } from '../../test/multipart.js';
import { signedInMember } from '../../test/profile-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const photo = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 150, g: 90, b: 40 } },
  });
  return format === 'png'
    ? image.png().toBuffer()
    : image
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'camera' } })
        .toBuffer();
};

async function upload(token: string, name: string, bytes: Buffer, part = 'profilePicture') {
  const form = new FormData();
  form.append(part, new Blob([new Uint8Array(bytes)]), name);
  const { payload, headers } = await encodeForm(form);
  return t.app.inject({
    method: 'PUT',
    url: '/api/members/profile/picture',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
}

/** Every file in the uploads folder (staging included): a refused upload must add none. */
const storedFiles = () =>
  readdirSync(t.uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();

async function fetchPicture(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  return { response, image: response.rawPayload };
}

describe('PUT members/profile/picture', () => {
  it.each(['png', 'jpeg'] as const)(
    'takes a %s, stores a 256 px square without metadata, served by a signed link',
    async (format) => {
      const me = await signedInMember(t, `pic-${format}`);
      const input = await photo(900, 500, format);
      if (format === 'jpeg') expect((await sharp(input).metadata()).exif).toBeDefined();
      const response = await upload(me.token, `me.${format}`, input);
      expect(response.statusCode).toBe(200);
      const { data, message } = response.json();
      expect(message).toBe(PROFILE_MESSAGES.pictureUpdated);
      expect(data.profilePicture).toMatch(
        /^\/uploads\/avatars\/[0-9a-f-]{36}\.(png|jpg)\?exp=\d+&sig=/,
      );

      const { response: served, image } = await fetchPicture(data.profilePicture);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(format === 'png' ? 'image/png' : 'image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(image).metadata();
      expect(meta).toMatchObject({
        width: PROFILE_PICTURE.sizePx,
        height: PROFILE_PICTURE.sizePx,
        format,
      });
      expect(meta.exif).toBeUndefined();
      expect(image.includes(Buffer.from('secret-exif-marker'))).toBe(false);

      // The same signed address comes back from sign-in and from auth/me.
      const me2 = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(me.token),
      });
      expect(me2.json().data.profilePicture).toBe(data.profilePicture);
      const loginResponse = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: me.email, password: 'first-password-1' },
      });
      expect(loginResponse.json().data.user.profilePicture).toBe(data.profilePicture);
      // The database keeps the server-made name, never a URL.
      const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
      expect(row?.profilePicture).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);
    },
  );

  it('refuses tampered and unsigned picture links', async () => {
    const me = await signedInMember(t, 'pic-link');
    const { data } = (await upload(me.token, 'me.png', await photo(300, 300, 'png'))).json();
    const url = data.profilePicture as string;
    const tampered = url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await fetchPicture(tampered)).response.statusCode).toBe(403);
    expect((await fetchPicture(url.split('?')[0]!)).response.statusCode).toBe(403);
    // A horse-file link scheme cannot open a picture: no horse file has that id. Horse-file
    // links are signed for the file's owner, so an id without a file row is 404 before any
    // signature is read (docs/api.md, "a deleted file is 404").
    const asHorseFile = url.replace('/uploads/avatars/', '/uploads/');
    expect((await fetchPicture(asHorseFile)).response.statusCode).toBe(404);
  });

  it.each([
    ['a program renamed .png', 'me.png', () => SAMPLE_BYTES.exe()],
    ['a text file renamed .png', 'me.png', () => Buffer.from('just some text, not an image')],
    ['a PDF renamed .jpg', 'me.jpg', () => SAMPLE_BYTES.pdf()],
  ])('refuses %s and keeps nothing', async (_label, name, bytes) => {
    const me = await signedInMember(t, 'pic-bad');
    const before = storedFiles();
    const response = await upload(me.token, name, Buffer.from(await bytes()));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ profilePicture: PROFILE_MESSAGES.pictureType });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a truncated image whose header looks right', async () => {
    const me = await signedInMember(t, 'pic-truncated');
    const full = await photo(400, 400, 'png');
    const response = await upload(me.token, 'me.png', full.subarray(0, 200));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PROFILE_MESSAGES.pictureUnreadable);
  });

  it('refuses a small file that decodes to a huge image (over 40 megapixels)', async () => {
    const me = await signedInMember(t, 'pic-bomb');
    const bomb = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PROFILE_PICTURE.maxBytes);
    const response = await upload(me.token, 'bomb.png', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PROFILE_MESSAGES.pictureUnreadable);
  });

  it('refuses 6 MB and keeps the current picture', async () => {
    const me = await signedInMember(t, 'pic-large');
    const first = (await upload(me.token, 'me.png', await photo(300, 300, 'png'))).json();
    const before = storedFiles();
    const big = Buffer.concat([await photo(10, 10, 'png'), Buffer.alloc(6 * 1024 * 1024)]);
    const response = await upload(me.token, 'big.png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PROFILE_MESSAGES.pictureTooLarge);
    expect(storedFiles()).toEqual(before);
    const { response: served } = await fetchPicture(first.data.profilePicture);
    expect(served.statusCode).toBe(200);
  });

  it('asks for a picture when the part is missing or misnamed', async () => {
    const me = await signedInMember(t, 'pic-missing');
    const misnamed = await upload(me.token, 'me.png', await photo(50, 50, 'png'), 'avatar');
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().error).toBe(PROFILE_MESSAGES.pictureRequired);
    const notMultipart = await t.app.inject({
      method: 'PUT',
      url: '/api/members/profile/picture',
      headers: bearer(me.token),
      payload: { profilePicture: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('replaces the old file, and DELETE removes the picture and its file', async () => {
    const me = await signedInMember(t, 'pic-replace');
    const base = storedFiles();
    const first = (await upload(me.token, 'a.png', await photo(300, 200, 'png'))).json();
    expect(storedFiles()).toHaveLength(base.length + 1);
    const second = (await upload(me.token, 'b.jpg', await photo(200, 300, 'jpeg'))).json();
    expect(storedFiles()).toHaveLength(base.length + 1);
    expect((await fetchPicture(first.data.profilePicture)).response.statusCode).toBe(404);
    expect((await fetchPicture(second.data.profilePicture)).response.statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/members/profile/picture',
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.profilePicture).toBeNull();
    expect(storedFiles()).toEqual(base);
    const again = await login(t.app, { email: me.email, password: 'first-password-1' });
    const meNow = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(again),
    });
    expect(meNow.json().data.profilePicture).toBeNull();
  });
});

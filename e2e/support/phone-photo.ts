import sharp from 'sharp';

/** A phone camera's 12-megapixel frame as stored on the sensor (landscape). */
export const PHONE_PHOTO = { width: 4000, height: 3000 } as const;

/**
 * A 12-megapixel JPEG of about 4 MB, like a phone's: red above blue in sensor order, with
 * grain so it compresses like a real photo, and EXIF orientation 6 (the phone was held
 * upright, so viewers turn it 90° clockwise: red ends up on the right, 3000 × 4000 as seen).
 * `seed` varies the grain so several photos are not byte-identical.
 */
export async function makePhonePhoto(seed = 7): Promise<Buffer> {
  const { width, height } = PHONE_PHOTO;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    const top = y < height / 2;
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const grain = (state >> 16) % 26;
      const i = (y * width + x) * 3;
      raw[i] = top ? 200 + (grain >> 1) : 30 + grain;
      raw[i + 1] = (Math.round((x * 255) / width) + grain) & 255;
      raw[i + 2] = top ? 40 + grain : 200 + (grain >> 1);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Width, height, format and whether a red-right / blue-left photo came out upright. */
export async function describePhoto(bytes: Buffer) {
  const image = sharp(bytes);
  const meta = await image.metadata();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const i = (Math.floor(y) * info.width + Math.floor(x)) * info.channels;
    return { r: data[i]!, b: data[i + 2]! };
  };
  const right = pixel(info.width * 0.9, info.height / 2);
  const left = pixel(info.width * 0.1, info.height / 2);
  return {
    width: meta.width,
    height: meta.height,
    format: meta.format,
    orientation: meta.orientation,
    size: bytes.length,
    redOnTheRight: right.r > right.b + 80 && left.b > left.r + 80,
  };
}

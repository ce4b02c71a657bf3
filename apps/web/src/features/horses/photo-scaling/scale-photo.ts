/**
 * Phone photos shrink in the browser before they upload (issue 14 item 4): a 12-megapixel
 * picture is 4-8 MB, far more than a marking photo needs. Only marking photos come here;
 * registration and pedigree documents are sent exactly as chosen.
 */

/** A photo whose long edge is above this, or whose size is above SCALE_ABOVE_BYTES, is scaled. */
export const SCALE_ABOVE_EDGE = 2000;
export const SCALE_ABOVE_BYTES = 2 * 1024 * 1024;
/** Long edge of a scaled photo. */
export const SCALED_LONG_EDGE = 2048;
/** JPEG qualities tried in turn until the photo fits MAX_SCALED_BYTES (the last one is kept). */
const JPEG_QUALITIES = [0.85, 0.75, 0.65] as const;
const MAX_SCALED_BYTES = 1024 * 1024;

const SCALABLE_TYPE = /^image\/(jpeg|png|webp)$/;
const SCALABLE_NAME = /\.(jpe?g|png|webp)$/i;

function isScalable(file: File): boolean {
  return SCALABLE_TYPE.test(file.type) || (file.type === '' && SCALABLE_NAME.test(file.name));
}

/** "IMG_0001.HEIC.png" -> "IMG_0001.HEIC.jpg": the server checks the bytes against the extension. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'photo'}.jpg`;
}

/** Width and height that fit `longEdge`, keeping the aspect ratio; never enlarges. */
export function fitLongEdge(width: number, height: number, longEdge: number) {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** An OffscreenCanvas where the browser has one (off the layout tree), else a detached canvas. */
function makeCanvas(width: number, height: number) {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      return {
        context: context as Canvas2D,
        toJpeg: (quality: number) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
      };
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  return {
    context: context as Canvas2D,
    toJpeg: (quality: number) =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
          'image/jpeg',
          quality,
        ),
      ),
  };
}

/** Draws `bitmap` at the given size on white (a transparent PNG has no alpha in JPEG). */
async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  const { context, toJpeg } = makeCanvas(width, height);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  let blob: Blob | undefined;
  for (const quality of JPEG_QUALITIES) {
    blob = await toJpeg(quality);
    if (blob.size <= MAX_SCALED_BYTES) break;
  }
  return blob!;
}

/**
 * Returns a marking photo ready to upload: over about 2,000 px on the long edge or over 2 MB,
 * a JPEG with a long edge of 2,048 px (never enlarged) turned the way the camera's EXIF
 * orientation says; otherwise, or when the browser cannot decode it, the file itself. The
 * server still applies its own limits to whatever arrives.
 */
export async function scaleMarkingPhoto(file: File): Promise<File> {
  if (!isScalable(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation, so width and height are as the photo is seen.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (longEdge <= SCALE_ABOVE_EDGE && file.size <= SCALE_ABOVE_BYTES) return file;
    const size = fitLongEdge(bitmap.width, bitmap.height, SCALED_LONG_EDGE);
    const blob = await encodeJpeg(bitmap, size.width, size.height);
    // A small but heavy photo (say a 1,900 px PNG) may not get smaller as JPEG: keep the original.
    if (blob.size >= file.size && longEdge <= SCALE_ABOVE_EDGE) return file;
    return new File([blob], jpegName(file.name), {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

import { fitLongEdge } from './scale-photo';

/** Long edge of a preview thumbnail: a few of them sit in a row beside the field. */
export const THUMBNAIL_EDGE = 240;

/**
 * An object URL of a small JPEG preview of `file` (upright, as the photo is seen), or null when
 * the browser cannot decode it. The preview is a few kilobytes, so a phone does not keep several
 * full-size photos decoded for a row of thumbnails. The caller revokes it with
 * URL.revokeObjectURL when the preview goes.
 */
export async function photoThumbnailUrl(
  file: Blob,
  edge: number = THUMBNAIL_EDGE,
): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const size = fitLongEdge(bitmap.width, bitmap.height, edge);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.8),
    );
    return blob ? URL.createObjectURL(blob) : null;
  } finally {
    bitmap.close();
  }
}

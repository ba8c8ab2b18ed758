/**
 * A phone photo of a receipt is often 4–8 MB: over SHRINK_ABOVE_BYTES it is redrawn in the browser before upload
 * (longest side at most MAX_SIDE px, JPEG at QUALITY), which keeps every word of a receipt readable and sends a
 * fraction of the bytes (docs/topups.md#receipts). PDFs and small photos are sent as chosen.
 */
export const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;
export const MAX_SIDE = 2000;
export const QUALITY = 0.85;

const PHOTO = /^image\/(jpeg|png|webp)$/;

export function needsShrink(file: File): boolean {
  return PHOTO.test(file.type) && file.size > SHRINK_ABOVE_BYTES;
}

/** The scale that brings the longest side to MAX_SIDE, never enlarging. */
export function shrinkScale(width: number, height: number): number {
  return Math.min(1, MAX_SIDE / Math.max(width, height, 1));
}

function jpegName(name: string): string {
  return `${name.replace(/\.[^.]*$/, '') || 'receipt'}.jpg`;
}

/**
 * The photo redrawn smaller, or the file itself when it needs no shrinking, the browser cannot decode it (the
 * server then says why), or the redrawn copy is not smaller.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!needsShrink(file) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    // `from-image`: a portrait phone photo is drawn upright, as the EXIF orientation says.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = shrinkScale(bitmap.width, bitmap.height);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A transparent PNG gets a white page behind it rather than black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

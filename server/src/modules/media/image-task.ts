import sharp from 'sharp';
import { fingerprintReceipt, type ReceiptFingerprint } from './receipt-fingerprint';
import { readReceiptImage } from './receipt-image';

/**
 * What an image upload may cost. Dimensions and pixels are read from the header before any
 * decoding (sharp refuses to decode more than limitInputPixels), the JPEG segment count is
 * capped in stripJpeg, and a decode that still runs long is stopped by sharp's timeout.
 */
export const IMAGE_LIMITS = { maxPixels: 40_000_000, maxSide: 12_000, timeoutSeconds: 10 } as const;

export type ImageTask = { bytes: Uint8Array; fingerprint: boolean };
export type ImageTaskResult =
  | { body: Uint8Array; ext: 'jpg' | 'png' | 'webp'; contentType: string; fingerprint: ReceiptFingerprint | null }
  | { error: 'type' | 'unreadable' | 'too-big' };

/** Runs inside a worker thread (media/image-pool.ts): never on the event loop. */
export async function processImage(task: ImageTask): Promise<ImageTaskResult> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  const read = await readReceiptImage(bytes);
  if ('error' in read) return read;
  let meta: sharp.Metadata;
  try {
    meta = await sharp(read.body, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
  } catch {
    return { error: 'unreadable' };
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) return { error: 'unreadable' };
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide || width * height > IMAGE_LIMITS.maxPixels)
    return { error: 'too-big' };
  // The whole picture must decode within the limits, or it is not stored.
  try {
    await sharp(read.body, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' })
      .resize(8, 8, { fit: 'fill' })
      .raw()
      .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
      .toBuffer();
  } catch {
    return { error: 'unreadable' };
  }
  const fingerprint = task.fingerprint ? await fingerprintReceipt(read.body) : null;
  return { body: read.body, ext: read.ext, contentType: read.contentType, fingerprint };
}

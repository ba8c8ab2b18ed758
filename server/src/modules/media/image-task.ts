import sharp from 'sharp';
import { fingerprintReceipt, type ReceiptFingerprint } from './receipt-fingerprint';
import { isPdf, type PdfError, renderPdfFirstPage } from './pdf-receipt';
import { readReceiptImage } from './receipt-image';

/**
 * What an image upload may cost. Dimensions and pixels are read from the header before any
 * decoding (sharp refuses to decode more than limitInputPixels), the JPEG segment count is
 * capped in stripJpeg, and a decode that still runs long is stopped by sharp's timeout.
 */
export const IMAGE_LIMITS = { maxPixels: 40_000_000, maxSide: 12_000, timeoutSeconds: 10 } as const;

/** `pdf`: a PDF is accepted too (receipts), its first page becoming the image; elsewhere a PDF is `type`. */
export type ImageTask = { bytes: Uint8Array; fingerprint: boolean; pdf?: boolean };
export type ImageTaskError = 'type' | 'unreadable' | 'too-big' | 'slow' | 'pdf-blank' | PdfError;
export type ImageTaskResult =
  | { body: Uint8Array; ext: 'jpg' | 'png' | 'webp'; contentType: string; fingerprint: ReceiptFingerprint | null }
  | { error: ImageTaskError };

/** JPEG quality of a rendered PDF page: text stays sharp, a page weighs a few hundred KB. */
const PDF_JPEG_QUALITY = 85;

/**
 * The first page of a PDF as a JPEG. A page with nothing drawn on it (a file that is only a script, or an empty
 * page) is refused: it shows the operator nothing to check.
 */
async function pdfToJpeg(bytes: Uint8Array): Promise<{ body: Buffer } | { error: ImageTaskError }> {
  const rendered = await renderPdfFirstPage(bytes);
  if ('error' in rendered) return rendered;
  try {
    const stats = await sharp(rendered.png, { limitInputPixels: IMAGE_LIMITS.maxPixels }).stats();
    if (stats.channels.slice(0, 3).every((c) => c.min >= 245)) return { error: 'pdf-blank' };
    const body = await sharp(rendered.png, { limitInputPixels: IMAGE_LIMITS.maxPixels })
      .jpeg({ quality: PDF_JPEG_QUALITY, mozjpeg: true })
      .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
      .toBuffer();
    return { body };
  } catch {
    return { error: 'unreadable' };
  }
}

/** Runs inside a worker thread (media/image-pool.ts): never on the event loop. */
export async function processImage(task: ImageTask): Promise<ImageTaskResult> {
  let bytes: Buffer = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  if (task.pdf && isPdf(bytes)) {
    const page = await pdfToJpeg(bytes);
    if ('error' in page) return page;
    bytes = page.body;
  }
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

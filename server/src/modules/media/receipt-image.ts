import { fileTypeFromBuffer } from 'file-type';
import { stripJpeg } from './jpeg-metadata';
import { stripPng, stripWebp } from './png-webp-metadata';

export type ReceiptImage = { body: Buffer; ext: 'jpg' | 'png' | 'webp'; contentType: string };

const formats = {
  'image/jpeg': { ext: 'jpg', strip: stripJpeg },
  'image/png': { ext: 'png', strip: stripPng },
  'image/apng': { ext: 'png', strip: stripPng },
  'image/webp': { ext: 'webp', strip: stripWebp },
} as const;

/**
 * Decides what an uploaded transfer receipt is from its bytes alone (the file name and the
 * declared type are the sender's word). Only JPEG, PNG and WebP pass, and they are stored
 * without their metadata: `type` when the bytes are another kind of file, `unreadable` when
 * they start like an image but their structure is broken.
 */
export async function readReceiptImage(bytes: Buffer): Promise<ReceiptImage | { error: 'type' | 'unreadable' }> {
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected && detected.mime in formats ? formats[detected.mime as keyof typeof formats] : null;
  if (!format) return { error: 'type' };
  const body = format.strip(bytes);
  if (!body) return { error: 'unreadable' };
  return { body, ext: format.ext, contentType: format.ext === 'jpg' ? 'image/jpeg' : `image/${format.ext}` };
}

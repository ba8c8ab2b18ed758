import { randomBytes } from 'node:crypto';
import { AppError } from '../../kernel/errors';
import type { Storage } from '../../kernel/storage';
import { imagePool } from './image-pool';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';

/**
 * Catalog and store images go through the same reader as transfer receipts: the kind is
 * decided by the bytes (JPEG, PNG or WebP only) and metadata such as a phone's GPS position
 * is stripped. SVG is refused: an operator's SVG could carry script, and a raster format
 * without that risk costs nothing.
 */
export type ImageFolder = 'catalog' | 'store';

/** Stores an uploaded image under public/<folder>/ and returns its /media URL. */
export async function storeImage(
  storage: Storage,
  bytes: Uint8Array,
  folder: ImageFolder,
  field = 'img',
): Promise<string> {
  // Checked off the event loop with bounded cost, like receipts (media/image-pool.ts).
  const image = await imagePool().run({ bytes, fingerprint: false });
  if ('error' in image)
    throw AppError.fields({ [field]: [image.error === 'type' ? operatorMsg.imageType : operatorMsg.imageUnreadable] });
  const name = `${randomBytes(12).toString('hex')}.${image.ext}`;
  await storage.put(
    `public/${folder}/${name}`,
    Buffer.from(image.body.buffer, image.body.byteOffset, image.body.byteLength),
    image.contentType,
  );
  return `/media/${folder}/${name}`;
}

const OWN = /^\/media\/((?:catalog|store)\/[0-9a-f]{24}\.(?:jpg|png|webp))$/;

/** Deletes an image this module stored; anything else (seeded demo images) is left alone. */
export async function dropImage(storage: Storage, url: string | null | undefined): Promise<void> {
  const m = url ? OWN.exec(url) : null;
  if (m) await storage.delete(`public/${m[1]}`);
}

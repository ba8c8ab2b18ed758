import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type StoredFile = { body: Buffer; contentType: string };

/**
 * Where uploaded and generated files live. Keys are relative paths; `public/…` keys are served
 * to anyone at /media/…, every other key only through a route that checks who is asking.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const types: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** The content type a key's extension names; octet-stream for anything unknown. */
export function contentTypeOf(key: string): string {
  return types[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** Refuses keys that could climb out of the storage root (on disk) or the key space (in a bucket). */
export function safeKey(key: string): string {
  const normal = path.posix.normalize(key);
  if (normal.startsWith('..') || path.posix.isAbsolute(normal) || normal.includes('\0')) {
    throw new Error('bad storage key');
  }
  return normal;
}

/** Local disk under DATA_DIR/uploads, outside the web root. */
export function diskStorage(root: string): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, body) {
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, body, { mode: 0o600 });
    },
    async get(key) {
      try {
        const file = full(key);
        return { body: await readFile(file), contentType: contentTypeOf(file) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

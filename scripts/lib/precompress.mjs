// Brotli and gzip copies of every text file of the web build, written beside it (app.js →
// app.js.br, app.js.gz). The store (and any static server that looks for them, like nginx's
// gzip_static) sends them to a browser that asks, so the work is done once, at the highest
// settings, instead of on every request. Fonts (woff2 is already compressed) and images are left.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Keep in step with PRECOMPRESSED in server/src/web.ts. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this the copy saves too little to be worth a file (and a negotiation). */
const MIN_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* textFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

/** Writes the copies that come out smaller than the file; returns how many were written. */
export async function precompress(dir) {
  const jobs = [];
  for (const file of textFiles(dir)) {
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    const keep = (suffix) => (out) => {
      if (out.length >= body.length) return false;
      writeFileSync(`${file}${suffix}`, out);
      return true;
    };
    jobs.push(brotli(body, { params }).then(keep('.br')), gz(body, { level: 9 }).then(keep('.gz')));
  }
  const written = await Promise.all(jobs);
  return written.filter(Boolean).length;
}

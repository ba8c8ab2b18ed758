import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Bytes of the first screen: gzip -9 of each file, and what the store sends a browser asking `br, gzip`. */
export type FirstScreen = { js: number; css: number; wireJs: number; wireCss: number; files: string[] };

/**
 * What the browser must fetch before the first paint: the entry script, its modulepreloads and
 * the stylesheets named in index.html, gzipped at level 9 as a CDN would serve them; and on the
 * wire from this store, which sends the build's brotli copy (or the file itself where it has none).
 */
export function firstScreen(dist: string): FirstScreen {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const out: FirstScreen = { js: 0, css: 0, wireJs: 0, wireCss: 0, files: refs };
  for (const ref of refs) {
    const file = path.join(dist, ref);
    const size = gzipSync(readFileSync(file), { level: 9 }).length;
    const wire = statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
    if (ref.endsWith('.css')) {
      out.css += size;
      out.wireCss += wire;
    } else {
      out.js += size;
      out.wireJs += wire;
    }
  }
  return out;
}

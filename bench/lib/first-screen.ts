import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstScreen = { js: number; css: number; files: string[] };

/**
 * What the browser must fetch before the first paint: the entry script, its modulepreloads and
 * the stylesheets named in index.html, gzipped at level 9 as a CDN would serve them.
 */
export function firstScreen(dist: string): FirstScreen {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  let js = 0;
  let css = 0;
  for (const ref of refs) {
    const size = gzipSync(readFileSync(path.join(dist, ref)), { level: 9 }).length;
    if (ref.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files: refs };
}

#!/usr/bin/env node
// Issue 17: no source line over 120 characters. Biome's formatter wraps code at 120 columns but
// leaves long string literals, templates and comments alone; this catches those. Counts
// characters (code points, so Arabic text counts as it reads), not bytes. Run by `npm run lint`;
// exits 1 naming each long line. `node scripts/check-line-length.mjs [dir ...]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX = 120;
const repo = path.resolve(import.meta.dirname, '..');
const roots =
  process.argv.length > 2
    ? process.argv.slice(2).map((d) => path.resolve(d))
    : ['contract', 'server', 'web', 'e2e', 'bench', 'scripts'].map((d) => path.join(repo, d));
const SKIP = new Set(['node_modules', 'dist', '.tmp', 'screenshots']);

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (/\.(tsx?|mts|mjs)$/.test(e.name)) yield full;
  }
}

let bad = 0;
for (const root of roots) {
  for (const file of files(root)) {
    readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .forEach((line, i) => {
        const length = [...line].length;
        if (length > MAX) {
          bad += 1;
          console.error(`${path.relative(process.cwd(), file)}:${i + 1}: ${length} characters (max ${MAX})`);
        }
      });
  }
}
if (bad > 0) {
  console.error(`${bad} line(s) over ${MAX} characters; split strings by concatenation, rewrap comments`);
  process.exit(1);
}

#!/usr/bin/env node
// Layering of the web app (docs/architecture.md): app/ composes features; a feature imports its
// own files, lib/ and components/ (and packages), never another feature or app/; lib/ and
// components/ import neither features nor app/. Run by `npm run lint`; exits 1 naming each
// import that crosses a boundary. `node scripts/check-feature-boundaries.mjs [src-dir]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web/src'));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (/\.(tsx?|mts)$/.test(e.name)) yield full;
  }
}

/** Where an import points inside src (`features/x/…`, `lib/…`), or null for a package. */
function target(file, spec) {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.'))
    return path
      .relative(root, path.resolve(path.dirname(file), spec))
      .split(path.sep)
      .join('/');
  return null;
}

/** The layer of a src-relative path: `feature:<name>`, `app`, `lib`, `components`, or another top folder. */
function layer(rel) {
  const [top, second] = rel.split('/');
  return top === 'features' ? `feature:${second}` : top;
}

let bad = 0;
for (const file of files(root)) {
  const from = layer(path.relative(root, file).split(path.sep).join('/'));
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const rel = target(file, m[1]);
    if (rel === null) continue;
    const to = layer(rel);
    let why = null;
    if (from.startsWith('feature:') && to.startsWith('feature:') && to !== from) {
      why = `${from.slice(8)} imports from the ${to.slice(8)} feature; move what both need to lib/ or components/`;
    } else if (from.startsWith('feature:') && to === 'app') {
      why = 'a feature imports from app/; app/ composes features, not the other way round';
    } else if ((from === 'lib' || from === 'components') && (to.startsWith('feature:') || to === 'app')) {
      why =
        `${from}/ imports from ` +
        `${to.startsWith('feature:') ? `the ${to.slice(8)} feature` : 'app/'}; shared ` +
        `code cannot depend on a feature`;
    }
    if (why) {
      bad += 1;
      const line = text.slice(0, m.index).split('\n').length;
      console.error(`${path.relative(process.cwd(), file)}:${line}: ${m[1]}: ${why}`);
    }
  }
}
if (bad) {
  console.error(`${bad} import(s) cross a feature boundary.`);
  process.exit(1);
}

#!/usr/bin/env node
// Layering of the web app (docs/web-layout.md): shell/ mounts the two apps; apps/store and
// apps/console each compose their own features; a feature imports its own files, lib/ and
// components/ (and packages), never another feature, an app or shell/; lib/ and components/
// import none of them. The console (apps/console, features/console-*) is reached from outside it
// only by a dynamic import(), so no customer downloads it. Run by `npm run lint`; exits 1 naming
// each import that crosses a boundary. `node scripts/check-feature-boundaries.mjs [src-dir]`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../web/src'));
const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

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

/** The layer of a src-relative path: `feature:<name>`, `app:<name>`, `shell`, `lib`, `components`, … */
function layer(rel) {
  const [top, second] = rel.split('/');
  if (top === 'features') return `feature:${second}`;
  if (top === 'apps') return `app:${second}`;
  return top;
}

const name = (l) => l.slice(l.indexOf(':') + 1);
const isFeature = (l) => l.startsWith('feature:');
const isApp = (l) => l.startsWith('app:');
const isConsole = (l) => l === 'app:console' || (isFeature(l) && name(l).startsWith('console-'));
/** lib/console/ and components/console/: shared by the console's features, never by the store. */
const consoleShared = (rel) => /^(lib|components)\/console\//.test(rel);

/** Why an import from layer `from` to layer `to` is not allowed, or null. */
function crossing(from, to, dynamic) {
  if (from === to) return null;
  if (isFeature(from)) {
    if (isFeature(to))
      return `${name(from)} imports from the ${name(to)} feature; move what both need to lib/ or components/`;
    if (isApp(to) || to === 'shell') {
      const where = isApp(to) ? `apps/${name(to)}/` : 'shell/';
      return `a feature imports from ${where}; apps compose features, not the other way round`;
    }
    return null;
  }
  if (from === 'lib' || from === 'components') {
    if (isFeature(to) || isApp(to) || to === 'shell') {
      const what = isFeature(to) ? `the ${name(to)} feature` : isApp(to) ? `apps/${name(to)}/` : 'shell/';
      return `${from}/ imports from ${what}; shared code cannot depend on a feature or an app`;
    }
    return null;
  }
  if (isApp(from)) {
    if (isApp(to)) return `apps/${name(from)} imports from apps/${name(to)}; shell/ mounts the apps side by side`;
    if (from === 'app:store' && isConsole(to))
      return `the store app imports the ${name(to)} feature; console code ships only in the console app`;
    if (from === 'app:console' && isFeature(to) && !isConsole(to))
      return `the console app imports the store's ${name(to)} feature; it composes console features only`;
    return null;
  }
  if (from === 'shell') {
    if (to === 'app:console' && !dynamic)
      return 'shell/ imports the console statically; load it with import() so only /admin downloads it';
    if (isConsole(to) && to !== 'app:console')
      return `shell/ imports the ${name(to)} feature; the console app composes it`;
  }
  return null;
}

let bad = 0;
for (const file of files(root)) {
  const from = layer(path.relative(root, file).split(path.sep).join('/'));
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const rel = target(file, m[2]);
    if (rel === null) continue;
    const fromRel = path.relative(root, file).split(path.sep).join('/');
    const why =
      consoleShared(rel) && !isConsole(from) && !consoleShared(fromRel) && from !== 'testing'
        ? `${rel.split('/').slice(0, 2).join('/')}/ is the console's; the store would download it`
        : crossing(from, layer(rel), m[1].trimStart().startsWith('import') && m[1].includes('('));
    if (why) {
      bad += 1;
      const line = text.slice(0, m.index).split('\n').length;
      console.error(`${path.relative(process.cwd(), file)}:${line}: ${m[2]}: ${why}`);
    }
  }
}
if (bad) {
  console.error(`${bad} import(s) cross a feature boundary.`);
  process.exit(1);
}

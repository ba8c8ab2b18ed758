#!/usr/bin/env node
// Layering of the server (docs/architecture.md), run by `npm run lint`; exits 1 naming each
// breach. `node scripts/check-server-modules.mjs [server/src]`.
// - A module is a folder under modules/ with an index.ts (its face): code outside the module
//   imports it only through that file, and no modules import each other, directly or round a circle.
// - kernel/ and db/ import no module, nor admin/, seed/, cli/ or the app's files (app.ts, openapi.ts, …);
//   only config.ts, which everything reads.
// - SQL (Kysely builders or sql``) only in *repository.ts, *-statements.ts, *-queries.ts, db/ and
//   the kernel's unit of work.
// - Route files (*routes.ts) open no transaction: a service's function does (work()).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../server/src'));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm;
const BUILDERS = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/;
const TEMPLATES = /\bsql(<[^>]*>)?`|\bsql\.(raw|ref|table|id|lit|join|val)\(/;
const SQL_HOME = /(^|\/)(db\/.*|[^/]*repository\.ts|[^/]*-statements\.ts|[^/]*-queries\.ts|kernel\/unit-of-work\.ts)$/;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (/\.(ts|mts|mjs)$/.test(e.name)) yield full;
  }
}

const rel = (f) => path.relative(root, f).split(path.sep).join('/');
/** `modules/<name>` of a src-relative path, or null. */
const moduleOf = (r) => (r.startsWith('modules/') ? r.split('/').slice(0, 2).join('/') : null);

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.mts`, path.join(base, 'index.ts')]) {
    if (existsSync(c) && !readdirSafe(c)) return rel(c);
  }
  return rel(base);
}
function readdirSafe(p) {
  try {
    readdirSync(p);
    return true;
  } catch {
    return false;
  }
}

const problems = [];
const edges = new Map();
for (const file of files(root)) {
  const from = rel(file);
  const text = readFileSync(file, 'utf8');
  const fromModule = moduleOf(from);
  for (const m of text.matchAll(IMPORT)) {
    const to = resolve(file, m[1]);
    const toModule = moduleOf(to);
    if (toModule && toModule !== fromModule) {
      if (to !== `${toModule}/index.ts`) problems.push(`${from}: imports ${to}, not the face ${toModule}/index.ts`);
      if (fromModule) {
        if (!edges.has(fromModule)) edges.set(fromModule, new Set());
        edges.get(fromModule).add(toModule);
      }
    }
    const top = from.split('/')[0];
    if (top === 'modules' && /^(admin|seed|cli)\/|^(?!config\.ts$)[^/]+\.ts$/.test(to))
      problems.push(`${from}: a module imports ${to}, which sits above the modules`);
    if ((top === 'kernel' || top === 'db') && /^(modules|admin|seed|cli)\/|^(?!config\.ts$)[^/]+\.ts$/.test(to))
      problems.push(`${from}: ${top}/ imports ${to}`);
  }
  if ((BUILDERS.test(text) || TEMPLATES.test(text)) && !SQL_HOME.test(from))
    problems.push(`${from}: SQL outside a repository or statements file`);
  if (/routes\.ts$/.test(from) && /\bwork\(|\.transaction\(\)/.test(text))
    problems.push(`${from}: a route file opens a transaction`);
}
for (const cycle of cycles(edges)) problems.push(`modules import each other in a circle: ${cycle.join(' → ')}`);

/** Each strongly connected group of modules, as one circle through it (Tarjan). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = new Set();
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      group.add(w);
    } while (w !== v);
    if (group.size > 1) found.push(circleIn(graph, group));
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** A shortest circle through the group's first member, by breadth-first search inside the group. */
function circleIn(graph, group) {
  const start = [...group].sort()[0];
  const before = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = before.get(u)) path.splice(1, 0, u);
        return [...path, start].map((m) => m.replace('modules/', ''));
      }
      if (!before.has(w)) {
        before.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

for (const p of problems) console.error(p);
if (problems.length) {
  console.error(`${problems.length} breach(es) of the server's layering (docs/architecture.md)`);
  process.exit(1);
}

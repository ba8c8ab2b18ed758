#!/usr/bin/env node
// `npm test`: every suite, in order, each writing a JSON report; ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const pgUrl = process.env.TEST_DATABASE_URL;
const suites = [
  { name: 'contract', ws: 'contract' },
  { name: 'server (sqlite)', ws: 'server', env: { TEST_ENGINE: 'sqlite' } },
  ...(pgUrl ? [{ name: 'server (postgres)', ws: 'server', env: { TEST_ENGINE: 'postgres' } }] : []),
  { name: 'web', ws: 'web' },
  { name: 'e2e', ws: 'e2e', before: ['build-web', 'chromium'] },
];

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

let passed = 0;
let failed = 0;
const lines = [];
for (const [i, s] of suites.entries()) {
  console.log(`\n=== ${s.name} ===`);
  let setupFailed = false;
  for (const step of s.before ?? []) {
    const rc = step === 'build-web' ? run('npm', ['run', 'build', '-w', 'web']) : run(process.execPath, ['scripts/ensure-chromium.mjs']);
    if (rc !== 0) setupFailed = true;
  }
  if (setupFailed) {
    failed += 1;
    lines.push(`${s.name}: setup failed`);
    continue;
  }
  const report = path.join(out, `${i}.json`);
  const rc = run('npx', ['vitest', 'run', '--root', s.ws, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], s.env);
  let p = 0;
  let f = 0;
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    p = r.numPassedTests;
    f = r.numFailedTests;
  } catch {
    f = 1;
  }
  if (rc !== 0 && f === 0) f = 1;
  passed += p;
  failed += f;
  lines.push(`${s.name}: ${p} passed, ${f} failed`);
}
console.log(`\n${lines.join('\n')}`);
writeFileSync(path.join(out, 'summary.json'), JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

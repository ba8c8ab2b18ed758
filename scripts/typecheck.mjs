#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` on the contract, the server, the web app and e2e, two at a
// time (one after another they kept one of CI's two cores idle for ~100 s). Each project's output
// is printed whole when it ends; exits 1 if any project has errors.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The two largest first, each beside a smaller one.
const projects = ['server', 'web', 'contract', 'e2e'];

function check(project) {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      if (out) process.stdout.write(out);
      console.log(`typecheck ${project}: ${code === 0 ? 'ok' : 'errors'}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const lane = async () => {
  let ok = true;
  for (let p = queue.shift(); p; p = queue.shift()) ok = (await check(p)) && ok;
  return ok;
};
const results = await Promise.all([lane(), lane()]);
process.exit(results.every(Boolean) ? 0 : 1);

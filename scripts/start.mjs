#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the last
// build, then run the compiled server (which migrates, seeds a demo store on an empty database
// and serves everything). A production install (no build tools) runs the builds it was given.
import { ensureBuilt, serverEntry } from './lib/build.mjs';

try {
  // In a terminal, a line even when nothing was built; a service's log gets only JSON.
  if (!(await ensureBuilt()) && process.stdout.isTTY) console.log('build: up to date');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// Run in this process: one node per store, so `ps` and the process manager see the server itself.
await import(serverEntry);

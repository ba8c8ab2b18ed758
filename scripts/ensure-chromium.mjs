#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium. Install it from Debian's packages when we can
// (root with apt-get); otherwise stop with the one command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium is missing: installing it from Debian packages…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    // fall through to the message below
  }
  if (existsSync(CHROMIUM)) process.exit(0);
}
console.error(`Chromium is needed for the end-to-end tests and is not at ${CHROMIUM}.\nRun: sudo apt-get install -y chromium`);
process.exit(1);

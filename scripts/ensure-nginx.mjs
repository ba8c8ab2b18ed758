#!/usr/bin/env node
// The proxy-topology e2e puts Debian's nginx in front of two store instances. Install it from
// Debian's packages when we can (root with apt-get); otherwise stop with the one command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (existsSync(NGINX)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const WAIT = '-o DPkg::Lock::Timeout=600';
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('nginx is missing: installing it from Debian packages…');
  try {
    execSync(
      // Waits for dpkg's lock rather than failing when another install holds it.
      `apt-get ${WAIT} update -qq && DEBIAN_FRONTEND=noninteractive apt-get ${WAIT} install -y -qq nginx`,
      { stdio: 'inherit' },
    );
  } catch {
    // fall through to the message below
  }
  if (existsSync(NGINX)) process.exit(0);
}
console.error(
  `nginx is needed for the proxy-topology end-to-end test and is not at ${NGINX}.\nRun: sudo apt-get install -y nginx`,
);
process.exit(1);

#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium, and the statement tests print PDFs with it and read
// them back with poppler-utils (pdftotext, pdftoppm). Install both from Debian's packages when we
// can (root with apt-get); otherwise stop with the one command to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ready = () => existsSync(CHROMIUM) && existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext');
if (ready()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const WAIT = '-o DPkg::Lock::Timeout=600';
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log('Chromium or poppler-utils is missing: installing them from Debian packages…');
  try {
    execSync(
      // Waits for dpkg's lock rather than failing when another install holds it.
      `apt-get ${WAIT} update -qq && ` +
        `DEBIAN_FRONTEND=noninteractive apt-get ${WAIT} install -y -qq chromium poppler-utils`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    // fall through to the message below
  }
  if (ready()) process.exit(0);
}
console.error(
  `Chromium (at ${CHROMIUM}) and poppler-utils are needed for the end-to-end and ` +
    `statement tests.\nRun: sudo apt-get install -y chromium poppler-utils`,
);
process.exit(1);

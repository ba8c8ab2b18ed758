#!/usr/bin/env node
// End-to-end tests drive Debian's Chromium, and the statement tests print PDFs with it and read
// them back with poppler-utils (pdftotext, pdftoppm). Install both from Debian's packages when we
// can (root with apt-get); otherwise stop with the one command to run. Debian's headless shell of
// the same Chromium (chromium-headless-shell) is installed beside it when it can be: most e2e
// files drive it, at ~40% less CPU (e2e/harness/browser.ts); without it they drive the full one.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL = '/usr/bin/chromium-headless-shell';
const ready = () => existsSync(CHROMIUM) && existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdftotext');
const shellWanted = () => !process.env.CHROMIUM_PATH && !existsSync(SHELL);
if (ready() && !shellWanted()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const WAIT = '-o DPkg::Lock::Timeout=600';
const hasApt = existsSync('/usr/bin/apt-get');
// Waits for dpkg's lock rather than failing when another install holds it.
const install = (packages) =>
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get ${WAIT} install -y -qq ${packages}`, { stdio: 'inherit' });
if (isRoot && hasApt) {
  let updated = false;
  const update = () => {
    if (!updated) execSync(`apt-get ${WAIT} update -qq`, { stdio: 'inherit' });
    updated = true;
  };
  if (!ready()) {
    console.log('Chromium or poppler-utils is missing: installing them from Debian packages…');
    try {
      update();
      install('chromium poppler-utils');
    } catch {
      // fall through to the message below
    }
  }
  if (ready() && shellWanted()) {
    console.log("Installing Chromium's headless shell from Debian packages…");
    try {
      update();
      install('chromium-headless-shell');
    } catch {
      console.log('No headless shell: the e2e tests drive the full Chromium.');
    }
  }
}
if (ready()) process.exit(0);
console.error(
  `Chromium (at ${CHROMIUM}) and poppler-utils are needed for the end-to-end and ` +
    `statement tests.\nRun: sudo apt-get install -y chromium chromium-headless-shell poppler-utils`,
);
process.exit(1);

#!/usr/bin/env node
// RTL safety: the web app styles with logical directions only (ms-/me-/ps-/pe-/start-/end-,
// margin-inline-*), so nothing mirrors wrongly. Physical left/right in web/src fails the lint.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../web/src');
const sides =
  'ml|mr|pl|pr|left|right|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|border-l|border-r|' +
  'scroll-ml|scroll-mr|scroll-pl|scroll-pr';
const physical = [
  new RegExp(String.raw`(?<![\w-])-?(?:${sides})-(?:\[|\d|px|auto|full|none|sm|md|lg|xl|2xl)`),
  /(?<![\w-])(?:text-left|text-right|float-left|float-right|border-l|border-r|rounded-l|rounded-r)(?![\w-])/,
  /(?:margin|padding|border)-(?:left|right)\s*:/,
  /(?<![\w-])(?:left|right)\s*:\s*[-\d]/,
  /text-align\s*:\s*(?:left|right)/,
];

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(full);
    else if (/\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) yield full;
  }
}

let bad = 0;
for (const file of files(root)) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (physical.some((re) => re.test(line))) {
        bad += 1;
        console.error(`${path.relative(process.cwd(), file)}:${i + 1}: physical direction: ${line.trim()}`);
      }
    });
}
if (bad) {
  console.error(`${bad} line(s) use left/right; use logical directions (ms-/me-/ps-/pe-/start-/end-).`);
  process.exit(1);
}

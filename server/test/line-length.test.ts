import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 17's "no line over 120 characters" (scripts/check-line-length.mjs, run by `npm run lint`).
// It lives with the Node tests because it runs a real process over real files.
const script = path.resolve(import.meta.dirname, '../../scripts/check-line-length.mjs');
const check = (...dirs: string[]) => spawnSync(process.execPath, [script, ...dirs], { encoding: 'utf8' });

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'line-length-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const line = (n: number, ch = 'x') => `// ${ch.repeat(n - 3)}`;

describe('line length', () => {
  it('passes on the repository as it is', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('passes on lines of exactly 120 characters, Arabic ones counted by character, not byte', () => {
    const root = tree({
      'src/a.ts': `${line(120)}\nexport const a = 1;\n`,
      'src/b.tsx': `${line(120, 'ر')}\r\n`,
      'c.mjs': `${line(120)}\n`,
    });
    const r = check(root);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails on a planted 121-character line, naming the file and line', () => {
    const root = tree({
      'src/a.ts': `export const a = 1;\n${line(121)}\n`,
      'src/b.mts': `${line(121, 'ر')}\n`,
      'src/ok.ts': `${line(120)}\n`,
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/src\/a\.ts:2: 121 characters/);
    expect(r.stderr).toMatch(/src\/b\.mts:1: 121 characters/);
    expect(r.stderr).not.toMatch(/ok\.ts/);
    expect(r.stderr).toMatch(/2 line\(s\) over 120 characters/);
  });

  it('skips node_modules, dist, .tmp and screenshots, and files that are not TypeScript or modules', () => {
    const long = `${line(200)}\n`;
    const root = tree({
      'node_modules/p/index.ts': long,
      'dist/x.mjs': long,
      '.tmp/y.ts': long,
      'screenshots/z.ts': long,
      'README.md': long,
      'data.json': long,
    });
    expect(check(root).status).toBe(0);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * For the tests of a layering script under scripts/: runs it over a folder (the real tree when
 * none is given), and writes planted trees into temporary folders removed after each test.
 */
export function lintScript(name: string) {
  const script = path.resolve(import.meta.dirname, '../../scripts', name);
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    check: (dir?: string) => spawnSync(process.execPath, [script, ...(dir ? [dir] : [])], { encoding: 'utf8' }),
    tree(files: Record<string, string>): string {
      const root = mkdtempSync(path.join(tmpdir(), 'layering-'));
      dirs.push(root);
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      }
      return root;
    },
  };
}

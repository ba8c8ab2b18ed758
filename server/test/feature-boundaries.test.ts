import { describe, expect, it } from 'vitest';
import { lintScript } from './lint-script';

// The web app's layering rule (scripts/check-feature-boundaries.mjs, run by `npm run lint`):
// a feature never imports another feature, an app or shell/; lib/ and components/ import none of
// them; an app composes its own features; the console is reached from outside only by import().
// It lives with the Node tests because it runs a real process over real files.
const { check, tree } = lintScript('check-feature-boundaries.mjs');

const clean = {
  'lib/session-store.ts': 'export const sessionStore = {};\n',
  'features/orders/api.ts':
    "import { sessionStore } from '@/lib/session-store';\nimport { Button } from " +
    "'@/components/ui/button';\nimport { z } from 'zod';\nexport { sessionStore, Button, z };\n",
  'features/orders/routes/list.tsx': "import { sessionStore } from '../api';\nexport default sessionStore;\n",
  'apps/store/routes.tsx': "import list from '@/features/orders/routes/list';\nexport { list };\n",
  'features/console-users/api.ts': "import { sessionStore } from '@/lib/session-store';\nexport { sessionStore };\n",
  'apps/console/console-app.tsx':
    "import { sessionStore } from '@/features/console-users/api';\nexport { sessionStore };\n",
  'shell/routes.tsx':
    "import { list } from '@/apps/store/routes';\nconst load = () => import('@/apps/console/console-app');\n" +
    'export { list, load };\n',
};

describe('feature boundaries', () => {
  it('passes on the web app as it is', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('passes on features that import their own files, lib/, components/ and packages', () => {
    expect(check(tree(clean)).status).toBe(0);
  });

  it('fails on a planted cross-feature import, by alias or by relative path, naming the file and line', () => {
    const root = tree({
      ...clean,
      'features/catalog/api.ts':
        "import { x } from '@/lib/session-store';\nimport { orderKeys } from '@/features/orders/api';\n",
      'features/wallet/page.tsx': "import { sessionStore } from '../orders/api';\n",
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /features\/catalog\/api\.ts:2: @\/features\/orders\/api: catalog imports from the orders feature/,
    );
    expect(r.stderr).toMatch(
      /features\/wallet\/page\.tsx:1: \.\.\/orders\/api: wallet imports from the orders feature/,
    );
    expect(r.stderr).toMatch(/2 import\(s\) cross a feature boundary/);
  });

  it('fails when a feature imports an app or shell/, or lib/ imports a feature', () => {
    const root = tree({
      ...clean,
      'features/orders/x.ts': "import { router } from '@/apps/store/routes';\n",
      'features/orders/y.ts': "import { routes } from '@/shell/routes';\n",
      'lib/y.ts': "export * from '@/features/orders/api';\n",
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/a feature imports from apps\/store\//);
    expect(r.stderr).toMatch(/a feature imports from shell\//);
    expect(r.stderr).toMatch(/lib\/ imports from the orders feature/);
  });

  it('fails when console code could reach the store: a static import, or the store importing it', () => {
    const root = tree({
      ...clean,
      'shell/app.tsx': "import ConsoleApp from '@/apps/console/console-app';\nexport { ConsoleApp };\n",
      'apps/store/layout.tsx': "import { sessionStore } from '@/features/console-users/api';\n",
      'apps/console/layout.tsx':
        "import { list } from '@/apps/store/routes';\nimport { x } from '@/features/orders/api';\n",
      'features/orders/z.ts': "import { adminPaths } from '@/lib/console/paths';\n",
      'lib/console/paths.ts': 'export const adminPaths = {};\n',
    });
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/shell\/app\.tsx:1: .*imports the console statically/);
    expect(r.stderr).toMatch(/apps\/store\/layout\.tsx:1: .*the store app imports the console-users feature/);
    expect(r.stderr).toMatch(/apps\/console\/layout\.tsx:1: .*apps\/console imports from apps\/store/);
    expect(r.stderr).toMatch(/apps\/console\/layout\.tsx:2: .*the console app imports the store's orders feature/);
    expect(r.stderr).toMatch(/features\/orders\/z\.ts:1: .*lib\/console\/ is the console's/);
    expect(r.stderr).toMatch(/5 import\(s\) cross a feature boundary/);
  });
});

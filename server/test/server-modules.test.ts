import { describe, expect, it } from 'vitest';
import { lintScript } from './lint-script';

// The server's layering rule (scripts/check-server-modules.mjs, run by `npm run lint`): modules
// import each other only through their faces and never round a circle, kernel/ and db/ import no
// module, SQL lives in repositories, and no route opens a transaction.
const { check, tree } = lintScript('check-server-modules.mjs');

const clean = {
  'kernel/unit-of-work.ts': 'export const work = (db: unknown, f: (t: unknown) => unknown) => f(db);\n',
  'modules/wallet/index.ts': "export { debit } from './ledger-repository';\n",
  'modules/wallet/ledger-repository.ts': "export const debit = (db: any) => db.updateTable('users').execute();\n",
  'modules/orders/index.ts': "export { ordersRoutes } from './routes';\n",
  'modules/orders/service.ts':
    "import { work } from '../../kernel/unit-of-work';\nimport { debit } from '../wallet';\n" +
    'export const pay = (db: unknown) => work(db, (t) => debit(t));\n',
  'modules/orders/routes.ts': "import { pay } from './service';\nexport const ordersRoutes = pay;\n",
};

describe('server modules', () => {
  it('passes on the server as it is', () => {
    const r = check();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('passes on a tree that keeps the rules', () => {
    expect(check(tree(clean)).status).toBe(0);
  });

  it.each([
    [
      'an import past the face',
      { 'modules/orders/refund.ts': "import { debit } from '../wallet/ledger-repository';\nexport { debit };\n" },
      'modules/orders/refund.ts: imports modules/wallet/ledger-repository.ts, not the face modules/wallet/index.ts',
    ],
    [
      'two modules importing each other',
      {
        'modules/wallet/index.ts': "export { debit } from './ledger-repository';\nexport { late } from './late';\n",
        'modules/wallet/late.ts': "import { ordersRoutes } from '../orders';\nexport const late = ordersRoutes;\n",
      },
      'modules import each other in a circle: orders → wallet → orders',
    ],
    [
      'three modules importing each other round a circle',
      {
        'modules/wallet/index.ts': "export { debit } from './ledger-repository';\nexport { late } from './late';\n",
        'modules/wallet/late.ts': "import { rate } from '../settings';\nexport const late = rate;\n",
        'modules/settings/index.ts': "import { ordersRoutes } from '../orders';\nexport const rate = ordersRoutes;\n",
      },
      'modules import each other in a circle: orders → wallet → settings → orders',
    ],
    [
      'the kernel importing a module',
      { 'kernel/cache.ts': "import { debit } from '../modules/wallet';\nexport { debit };\n" },
      'kernel/cache.ts: kernel/ imports modules/wallet/index.ts',
    ],
    [
      "the kernel importing the app's own files",
      {
        'openapi.ts': "export const BODY = ['application/json'];\n",
        'kernel/route-kit.ts': "import { BODY } from '../openapi';\nexport { BODY };\n",
      },
      'kernel/route-kit.ts: kernel/ imports openapi.ts',
    ],
    [
      'a module importing the app above it',
      {
        'app-caches.ts': 'export type AppCaches = { n: number };\n',
        'modules/orders/cache.ts': "import type { AppCaches } from '../../app-caches';\nexport type C = AppCaches;\n",
      },
      'modules/orders/cache.ts: a module imports app-caches.ts, which sits above the modules',
    ],
    [
      'SQL in a service',
      { 'modules/orders/service.ts': "export const pay = (db: any) => db.selectFrom('orders').execute();\n" },
      'modules/orders/service.ts: SQL outside a repository or statements file',
    ],
    [
      'SQL in the seed, above the modules',
      { 'seed/demo.ts': "export const seed = (db: any) => db.insertInto('settings').execute();\n" },
      'seed/demo.ts: SQL outside a repository or statements file',
    ],
    [
      'a route opening a transaction',
      {
        'modules/orders/routes.ts':
          "import { work } from '../../kernel/unit-of-work';\nexport const ordersRoutes = (db: unknown) => " +
          'work(db, (t) => t);\n',
      },
      'modules/orders/routes.ts: a route file opens a transaction',
    ],
  ])('fails on %s, naming it', (_name, planted, message) => {
    const r = check(tree({ ...clean, ...planted }));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
  });
});

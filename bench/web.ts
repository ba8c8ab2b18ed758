import { work } from '../server/src/kernel/unit-of-work';
import path from 'node:path';
import { loadUserDto } from '../server/src/modules/accounts/user-dto';
import { createSession } from '../server/src/modules/accounts/sessions';
import { now } from '../server/src/kernel/time';
import { credit } from '../server/src/modules/wallet/ledger';
import { firstScreen } from './lib/first-screen';
import { auditPages } from './lib/lighthouse-run';
import { fmt, publish, type Row, table } from './lib/report';
import { createBenchDb, repoRoot, startServer } from './lib/store';

/**
 * `npm run bench:web`: first-screen bytes of web/dist and Lighthouse on three pages. Build the web
 * app first. `npm run bench:web -- --bytes` prints the byte rows only (seconds, no Lighthouse, no file written);
 * `--pages=/,/orders` audits only those pages.
 */
const dist = path.join(repoRoot, 'web/dist');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: Row[] = [];

const fs = firstScreen(dist);
rows.push({
  name: 'first-screen JavaScript (gzip)',
  value: kb(fs.js),
  reference: `${fs.files.filter((f) => f.endsWith('.js')).length} files`,
  ratio: '-',
  budget: '≤ 120 KB',
  met: fs.js <= 120 * 1024,
});
rows.push({
  name: 'first-screen JavaScript on the wire (brotli, as the store sends it)',
  value: kb(fs.wireJs),
  reference: '-',
  ratio: '-',
  budget: '≤ 120 KB',
  met: fs.wireJs <= 120 * 1024,
});
rows.push({
  name: 'first-screen CSS on the wire (brotli)',
  value: kb(fs.wireCss),
  reference: '-',
  ratio: '-',
  budget: '-',
  met: null,
});
rows.push({ name: 'first-screen CSS (gzip)', value: kb(fs.css), reference: '-', ratio: '-', budget: '-', met: null });
rows.push({
  name: 'operator console out of the first screen',
  value: fs.files.some((f) => /admin|operator/.test(f)) ? 'loaded first' : 'split out',
  reference: '-',
  ratio: '-',
  budget: 'split out',
  met: !fs.files.some((f) => /admin|operator/.test(f)),
});

if (process.argv.includes('--bytes')) {
  process.stdout.write(`${table(rows)}\n${fs.files.join('\n')}\n`);
  process.exit(rows.every((r) => r.met !== false) ? 0 : 1);
}

const bdb = await createBenchDb('sqlite', '');
const server = await startServer(bdb, { RASEED_DEMO: '1' });
try {
  const h = await bdb.open();
  const t = now();
  const { id } = await h.db
    .insertInto('users')
    .values({
      email: 'lighthouse@bench.local',
      name: 'زبون القياس',
      phone: '+963911111111',
      img: null,
      password_hash: null,
      role: 'customer',
      balance: 0,
      deposit: 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled: 0,
      totp_last_step: 0,
      google_subject: null,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await work(h.db, (trx) => credit(trx, id, 50_000_000, 'رصيد القياس', { type: 'adjust', id: null }));
  const token = await createSession(h.db, id, { ttlDays: 1 });
  const user = JSON.stringify(await loadUserDto(h.db, id));
  const product = await h.db
    .selectFrom('products')
    .select('id')
    .where('available', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await h.close();
  const only = process.argv.find((a) => a.startsWith('--pages='))?.slice('--pages='.length);
  const pages = only ? only.split(',') : ['/', `/products/${product.id}`, '/orders'];
  const scores = await auditPages(server.baseUrl, { token, user }, pages);
  for (const [p, s] of scores) {
    const met = s.performance >= 95 && s.accessibility === 100 && s.lcpMs <= 2000 && s.cls <= 0.05;
    rows.push({
      name: `Lighthouse mobile ${p}`,
      value:
        `performance ${s.performance}, accessibility ${s.accessibility}, LCP ` +
        `${fmt.ms(s.lcpMs)}, CLS ${s.cls.toFixed(3)} (FCP ${fmt.ms(s.fcpMs)}, TBT ${fmt.ms(s.tbtMs)})`,
      reference: '-',
      ratio: '-',
      budget: 'perf ≥ 95, a11y = 100, LCP ≤ 2000 ms, CLS ≤ 0.05',
      met,
    });
  }
} finally {
  await server.stop();
  await bdb.drop();
}

publish('results-web.md', 'Web budgets', rows, [
  'Sizes: the entry script, its modulepreloads and stylesheets named in web/dist/index.html, gzip -9; ' +
    'on the wire: the brotli copies the build writes beside them, which the store sends to `br` browsers.',
  'Lighthouse 12, mobile preset (simulated slow 4G, 4x CPU slowdown), Debian ' +
    'Chromium headless, signed in through localStorage.',
]);
process.exit(rows.every((r) => r.met !== false) ? 0 : 1);

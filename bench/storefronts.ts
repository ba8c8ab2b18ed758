import { hashPassword } from '../server/src/modules/accounts/passwords';
import { createStorefront } from '../server/src/modules/storefronts/service';
import { adjustStorefrontAccount } from '../server/src/modules/wallet';
import { get } from 'node:http';
import { sql } from 'kysely';
import { startBareServer } from './lib/bare-server';
import { combine, type Figures, load, loadAfterWarmup } from './lib/load';
import { fmt, type Row } from './lib/report';
import { type BenchDb, startServer } from './lib/store';
import { type LargeStore, seedUsers, START_BALANCE } from './seed-large';

const API = '/public/api/v1';
/** A storefront's reads and orders may be this much slower than the provider's own, at most. */
const SLOWDOWN = 0.1;
const CROWD = { storefronts: 50, customersEach: 20_000 };
const crowdEach = CROWD.customersEach.toLocaleString('en-US');
const ORDERING = 200;
const B_HOST = 'b.bench.localhost';

const fig = (f: Figures) =>
  `${fmt.rps(f.rps)}, p50 ${fmt.ms(f.p50)}, p99 ${fmt.ms(f.p99)}${f.failed ? `, ${f.failed} failed` : ''}`;

type Side = { host: string | null; customers: { id: number; token: string }[] };

/**
 * Storefronts (docs/storefronts.md): a second storefront, with a 10% markup and its own customers,
 * against the provider's own store on one server: catalog reads and orders in alternating slices,
 * each side's requests on its own host with its own customers' tokens. Then 48 more storefronts
 * with 20,000 customers each, and the second storefront's catalog read again: before and after,
 * beside a bare node:http server answering the same bytes.
 */
export async function storefrontBench(
  bdb: BenchDb,
  store: LargeStore,
  seconds: number,
  rows: Row[],
  log: (s: string) => void,
): Promise<void> {
  const hash = await hashPassword('bench-password');
  const h = await bdb.open();
  let b: Side;
  try {
    log(`a second storefront with ${ORDERING * 10} customers on ${bdb.engine}`);
    const created = await createStorefront(
      h.db,
      store.operator.id,
      { origins: [], hosts: [] },
      { name: 'متجر باء', hosts: [B_HOST], origins: [], markup_percent: 10, active: true },
    );
    // A storefront pays the provider's price from its account: funded for every order of the run.
    await adjustStorefrontAccount(h.db, store.operator.id, created.id, {
      amount: 100_000_000 * 1_000_000,
      reason: 'تمويل القياس',
    });
    const customers = await seedUsers(h.db, {
      emails: Array.from({ length: ORDERING * 10 }, (_, i) => `b-${i}@bench.local`),
      role: 'customer',
      balance: START_BALANCE,
      storefrontId: created.id,
      hash,
    });
    b = { host: B_HOST, customers };
  } finally {
    await h.close();
  }
  // Customers the other parts did not order with: their per-minute order limits are untouched.
  const a: Side = { host: null, customers: store.customers.slice(ORDERING * 40, ORDERING * 50) };
  const productId = store.productIds[8]!;

  /** B A, A B, B A, …: neither side always runs first, after the other's slice. */
  const alternate = async (one: (s: number) => Promise<Figures>, other: (s: number) => Promise<Figures>) => {
    const slices = Math.max(1, Math.round(seconds / 2));
    const got = { one: [] as Figures[], other: [] as Figures[] };
    for (let i = 0; i < slices; i++) {
      for (const side of i % 2 === 0 ? (['one', 'other'] as const) : (['other', 'one'] as const))
        got[side].push(await (side === 'one' ? one : other)(seconds / slices));
    }
    return { one: combine(got.one), other: combine(got.other) };
  };
  const sides = async (measure: (side: Side) => (s: number) => Promise<Figures>) => {
    const r = await alternate(measure(b), measure(a));
    return { a: r.other, b: r.one };
  };

  let server = await startServer(bdb, { TRUST_PROXY: '1' });
  const catalog = (side: Side) => (s: number) =>
    loadAfterWarmup(
      {
        url: `${server.baseUrl}${API}/categories`,
        connections: 50,
        seconds: s,
        headers: { authorization: `Bearer ${side.customers[0]!.token}`, ...(side.host ? { host: side.host } : {}) },
      },
      1,
    );
  // Storefront 2's read before and after the crowd are minutes and two server processes apart, on a
  // machine whose speed drifts: each is measured beside a bare node:http server answering its
  // bytes (one process for both), and the crowd's figure is the store's share of it after
  // against before.
  const categoriesPath = `${API}/categories`;
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  const againstBare = () =>
    alternate(catalog(b), (s) => load({ url: `${bare!.baseUrl}${categoriesPath}`, connections: 50, seconds: s }));
  let before: { one: Figures; other: Figures };
  try {
    log(`catalog reads and orders, storefront 2 against 1, on ${bdb.engine}`);
    const read = await sides(catalog);
    rows.push(compare(`GET /categories on storefront 2 (10% markup) on ${bdb.engine}`, read));
    const body = await getBytes(`${server.baseUrl}${categoriesPath}`, {
      authorization: `Bearer ${b.customers[0]!.token}`,
      host: B_HOST,
    });
    bare = await startBareServer(new Map([[categoriesPath, body]]));
    before = await againstBare();
    let turn = 0;
    const order = (side: Side) => (s: number) =>
      loadAfterWarmup(
        {
          url: `${server.baseUrl}${API}/orders-create-fixed`,
          method: 'POST',
          body: JSON.stringify({ productId, playerId: '123456789' }),
          connections: ORDERING,
          seconds: s,
          perRequest: () => {
            const i = turn++ % side.customers.length;
            return {
              authorization: `Bearer ${side.customers[i]!.token}`,
              'x-forwarded-for': `10.50.${i >> 8}.${i & 255}`,
              ...(side.host ? { host: side.host } : {}),
            };
          },
        },
        1,
      );
    rows.push(compare(`POST /orders-create-fixed on storefront 2 on ${bdb.engine}`, await sides(order)));
  } catch (error) {
    bare?.stop();
    throw error;
  } finally {
    await server.stop();
  }

  const h2 = await bdb.open();
  const t0 = performance.now();
  try {
    log(`${CROWD.storefronts - 2} more storefronts with ${crowdEach} customers each on ${bdb.engine}`);
    for (let n = 3; n <= CROWD.storefronts; n++) {
      const sf = await createStorefront(
        h2.db,
        store.operator.id,
        { origins: [], hosts: [] },
        { name: `متجر ${n}`, hosts: [`s${n}.bench.localhost`], origins: [], markup_percent: n % 20, active: true },
      );
      await seedUsers(h2.db, {
        emails: Array.from({ length: CROWD.customersEach }, (_, i) => `s${n}-${i}@bench.local`),
        role: 'customer',
        balance: 0,
        storefrontId: sf.id,
        hash,
        noLedger: true,
      });
    }
    // A store gains its customers over months: what the database does right after a million
    // inserts (PostgreSQL's autovacuum and analyze, SQLite's WAL) is done before measuring.
    if (bdb.engine === 'postgres') {
      await sql`vacuum analyze users`.execute(h2.db);
      await sql`checkpoint`.execute(h2.db);
    } else await sql`pragma wal_checkpoint(truncate)`.execute(h2.db);
  } finally {
    await h2.close();
  }
  const seeded = performance.now() - t0;
  server = await startServer(bdb, { TRUST_PROXY: '1' });
  try {
    const crowded = await againstBare();
    const share = (r: { one: Figures; other: Figures }) => r.one.rps / r.other.rps;
    const ratio = share(crowded) / share(before);
    rows.push({
      name:
        `GET /categories on storefront 2 among ${CROWD.storefronts} storefronts of ${crowdEach} customers ` +
        `on ${bdb.engine} (seeded in ${(seeded / 1000).toFixed(0)} s), its share of a bare server after against before`,
      value: `${fig(crowded.one)} (${fmt.pct(share(crowded))} of bare ${fig(crowded.other)})`,
      reference: `with 2 storefronts ${fig(before.one)} (${fmt.pct(share(before))} of bare ${fig(before.other)})`,
      ratio: fmt.pct(ratio),
      budget: `≥ ${fmt.pct(1 - SLOWDOWN)}`,
      met: ratio >= 1 - SLOWDOWN && crowded.one.failed === 0,
    });
  } finally {
    bare?.stop();
    await server.stop();
  }
}

/** A GET's body, with a `Host` of its own (fetch sends the URL's). */
function getBytes(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}

function compare(name: string, r: { a: Figures; b: Figures }): Row {
  const ratio = r.b.rps / r.a.rps;
  return {
    name,
    value: fig(r.b),
    reference: `storefront 1 ${fig(r.a)}`,
    ratio: fmt.pct(ratio),
    budget: `≥ ${fmt.pct(1 - SLOWDOWN)}`,
    met: ratio >= 1 - SLOWDOWN && r.b.failed === 0,
  };
}

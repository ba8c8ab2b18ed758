import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/src/config';
import { createKey } from '../server/src/modules/api-keys/service';
import { createEndpoint } from '../server/src/modules/webhooks/service';
import { queueWebhookEvent } from '../server/src/modules/webhooks';
import { work } from '../server/src/kernel/unit-of-work';
import { type Figures, load } from './lib/load';
import { fmt, type Row } from './lib/report';
import { type BenchDb, startServer } from './lib/store';
import type { LargeStore } from './seed-large';

const API = '/public/api/v1';
/** Orders with a key must be as fast as with a session, within this much (the key adds one lookup). */
const KEY_ORDER_SLOWDOWN = 0.1;
const CONNECTIONS = 200;
/** Resellers with an endpoint each, and events queued for each, for the delivery rate. */
const HOOK_USERS = 50;
const EVENTS_PER_USER = 40;

const fig = (f: Figures) =>
  `${fmt.rps(f.rps)}, p50 ${fmt.ms(f.p50)}, p99 ${fmt.ms(f.p99)}${f.failed ? `, ${f.failed} failed` : ''}`;

/**
 * The resellers' API under load: orders placed with API keys against the same orders placed with
 * session tokens on one server (three rounds, each key then session; the median round's ratio
 * counts), then how many webhook deliveries a second the sender makes to a receiver on loopback.
 */
export async function resellerBench(
  bdb: BenchDb,
  store: LargeStore,
  seconds: number,
  rows: Row[],
  log: (s: string) => void,
): Promise<void> {
  const config = loadConfig({ DATA_DIR: bdb.dataDir, OUTBOUND_ALLOW_PRIVATE: '1' });
  const buyers = store.customers.slice(6_000, 8_000);
  const h = await bdb.open();
  let keys: string[];
  try {
    log(`API keys for ${buyers.length} resellers on ${bdb.engine}`);
    await h.db
      .updateTable('users')
      .set({ api_access: 1 })
      .where(
        'id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    keys = [];
    for (const b of buyers)
      keys.push((await createKey(h.db, config.sealer, b.id, { name: 'bench', mode: 'live' })).token);
  } finally {
    await h.close();
  }
  const server = await startServer(bdb, { TRUST_PROXY: '1' });
  try {
    const body = JSON.stringify({ productId: store.productIds[6], playerId: '123456789' });
    const run = (auth: (i: number) => string) => (s: number) => {
      let turn = 0;
      return load({
        url: `${server.baseUrl}${API}/orders-create-fixed`,
        method: 'POST',
        body,
        connections: CONNECTIONS,
        seconds: s,
        perRequest: () => {
          const i = turn++ % buyers.length;
          return { authorization: `Bearer ${auth(i)}`, 'x-forwarded-for': `10.40.${i >> 8}.${i & 255}` };
        },
      });
    };
    const withKey = run((i) => keys[i]!);
    const withSession = run((i) => buyers[i]!.token);
    log(`orders with API keys vs sessions on ${bdb.engine}`);
    // Every key once before the rounds: its first call of the minute also records last_used_at.
    await withKey(3);
    const rounds: { key: Figures; session: Figures }[] = [];
    for (let r = 0; r < 3; r++)
      rounds.push({
        key: await withKey(Math.max(2, seconds / 3)),
        session: await withSession(Math.max(2, seconds / 3)),
      });
    const median = [...rounds].sort((a, b) => a.key.rps / a.session.rps - b.key.rps / b.session.rps)[1]!;
    const ratio = median.key.rps / median.session.rps;
    rows.push({
      name: `POST /orders-create-fixed with an API key on ${bdb.engine} (${CONNECTIONS} resellers at once)`,
      value: fig(median.key),
      reference: `session token ${fig(median.session)}`,
      ratio: fmt.pct(ratio),
      budget: `≥ ${fmt.pct(1 - KEY_ORDER_SLOWDOWN)} (median of 3)`,
      met: ratio >= 1 - KEY_ORDER_SLOWDOWN && rounds.every((x) => x.key.failed === 0),
    });
  } finally {
    await server.stop();
  }
  await webhookRate(bdb, store, config, rows, log);
}

async function webhookRate(
  bdb: BenchDb,
  store: LargeStore,
  config: ReturnType<typeof loadConfig>,
  rows: Row[],
  log: (s: string) => void,
): Promise<void> {
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const owners = store.customers.slice(6_000, 6_000 + HOOK_USERS);
  const total = HOOK_USERS * EVENTS_PER_USER;
  const h = await bdb.open();
  try {
    log(`${total} webhook events for ${HOOK_USERS} endpoints on ${bdb.engine}`);
    const order = await h.db.selectFrom('orders').selectAll().limit(1).executeTakeFirstOrThrow();
    for (const o of owners) {
      await createEndpoint(h.db, { sealer: config.sealer, outbound: config.outbound }, o.id, {
        url,
        events: ['order.updated'],
      });
      await work(h.db, async (trx) => {
        for (let i = 0; i < EVENTS_PER_USER; i++)
          await queueWebhookEvent(trx, { userId: o.id, type: 'order.updated', subject: { ...order, user_id: o.id } });
      });
    }
  } finally {
    await h.close();
  }
  const server = await startServer(bdb, { OUTBOUND_ALLOW_PRIVATE: '1', WEBHOOK_POLL_MS: '50' });
  // The sender starts with the server: what arrived before this point is not timed.
  const started = performance.now();
  const before = received;
  try {
    while (received < total && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 20));
  } finally {
    await server.stop();
    receiver.close();
  }
  const ms = performance.now() - started;
  rows.push({
    name: `webhook deliveries to a receiver on loopback on ${bdb.engine} (${HOOK_USERS} endpoints)`,
    value: `${Math.round(((received - before) / ms) * 1000)} deliveries/s, ${received} of ${total}`,
    reference: '-',
    ratio: '-',
    budget: 'reported',
    met: received === total ? null : false,
  });
}

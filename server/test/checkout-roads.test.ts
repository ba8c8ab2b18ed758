import { markUp, moneyToString } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { work } from '../src/kernel/unit-of-work';
import { pricingCached } from '../src/modules/catalog';
import { placeInOneStatement } from '../src/modules/checkout/place-in-one-statement';
import { placeOrder } from '../src/modules/checkout/place-order';
import { addCodes } from '../src/modules/fulfilment/stock-service';
import { saveSubscription } from '../src/modules/notifications/push/repository';
import { openOrderCodes } from '../src/modules/orders/order-codes';
import { sha256 } from '../src/kernel/crypto';
import { setupApp, type TestApp, testEngine } from './helper';
import { accountTotal, setAccountBalance } from './storefront-account-fixtures';

/**
 * On PostgreSQL checkout has two roads: one data-modifying statement for manual and stock orders
 * (the fast one) and the transaction every other order takes. Both must leave the same rows. The
 * same purchases go through each road, for two customers of two identical stock products, and
 * every row they wrote is compared: orders, codes, ledger lines, balances, notices, pushes.
 */
const USD = 1_000_000;
const CODES = ['ROAD-0001', 'ROAD-0002', 'ROAD-0003'];
type Road = 'fastest' | 'transaction';

let t: TestApp;
let manual: { id: number; price: number };
let operatorId: number;
/** A storefront selling at 10 % over the provider's price: both roads must charge and store it alike. */
let marked: number;

beforeAll(async () => {
  // The rows placement writes are compared; the push sender would consume the queued pushes.
  t = await setupApp({ seed: true, env: { PUSH_WORKER: '0' } });
  const row = await t.db
    .selectFrom('products')
    .select(['id', 'price'])
    .where('delivery', '=', 'manual')
    .where('free', '=', 0)
    .where('type', '=', 'id')
    .where('available', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  manual = { id: row.id, price: Number(row.price) };
  const operator = await t.createUser({ role: 'operator' });
  operatorId = operator.id;
  const made = await t.request({
    method: 'POST',
    url: '/admin/api/v1/storefronts',
    token: operator.token,
    payload: { name: 'متجر بزيادة', hosts: ['marked.localhost'], markup_percent: 10 },
  });
  marked = made.json().data.storefront.id;
  // Its orders are paid to the provider from its account, which the transaction debits (both roads).
  await t.request({
    method: 'POST',
    url: `/admin/api/v1/storefronts/${marked}/account/adjust`,
    token: operator.token,
    payload: { amount: '1000', reason: 'تمويل' },
  });
});
afterAll(() => t.close());

/** A stock product of its own for each road, alike in every column that reaches a row. */
async function stockProduct(): Promise<number> {
  const source = await t.db.selectFrom('products').selectAll().where('id', '=', manual.id).executeTakeFirstOrThrow();
  const { id: _id, ...copy } = source;
  const inserted = await t.db
    .insertInto('products')
    .values({ ...copy, name: 'بطاقة الطريقين', delivery: 'stock', price: 2 * USD, low_stock_threshold: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await work(t.db, (trx) =>
    addCodes(
      trx,
      t.app.sealer,
      operatorId,
      inserted.id,
      CODES.map((code, i) => ({ line: i + 1, code, serial: null, expiresAt: null })),
    ),
  );
  return inserted.id;
}

/** The operator's notices so far (the low-stock warnings of both roads land there). */
const operatorNotices = () =>
  t.db.selectFrom('notifications').select(['title', 'msg']).where('user_id', '=', operatorId).orderBy('id').execute();

async function purchases(road: Road, storefrontId = 1) {
  const stockId = await stockProduct();
  const noticesBefore = (await operatorNotices()).length;
  // Enough for the manual order and three codes at the storefront's prices, not for a second manual one.
  const markup = storefrontId === 1 ? 0 : 1000;
  const user = await t.createUser({ balance: markUp(manual.price, markup, 2) + 3 * markUp(2 * USD, markup, 2) });
  const session = await t.db
    .selectFrom('sessions')
    .select('id')
    .where('token_hash', '=', sha256(user.token))
    .executeTakeFirstOrThrow();
  await work(t.db, (trx) =>
    saveSubscription(trx, {
      userId: user.id,
      sessionId: session.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${road}`,
      p256dh: 'p',
      auth: 'a',
    }),
  );
  const buy = (productId: number, key: string | null) =>
    placeOrder(
      t.db,
      t.app.sealer,
      {
        userId: user.id,
        storefrontId,
        form: 'fixed',
        productId,
        quantity: 1,
        first: '5123456789',
        second: null,
        note: null,
        idempotencyKey: key,
        expectedPrice: null,
      },
      {
        productRows: t.app.caches.productRows,
        pricing: (storefrontId) => pricingCached(t.db, t.app.caches.catalog.of(storefrontId), storefrontId),
      },
      road,
    ).then(
      (placed) => ({ replayed: placed.replayed, status: placed.order.status, codes: placed.order.codes ?? null }),
      (error: Error & { statusCode?: number }) => ({ refused: error.message }),
    );
  const outcomes = [
    await buy(manual.id, 'manual-1'),
    await buy(manual.id, 'manual-1'),
    await buy(stockId, 'stock-1'),
    await buy(stockId, 'stock-2'),
    await buy(stockId, 'stock-2'),
    await buy(stockId, 'stock-3'),
    await buy(stockId, 'stock-4'),
    await buy(manual.id, 'manual-2'),
  ];
  return { outcomes, ...(await rowsOf(user.id, stockId, noticesBefore)) };
}

/** Every row a customer's purchases wrote, with ids replaced by their order of creation. */
async function rowsOf(userId: number, stockId: number, noticesBefore: number) {
  const key = t.app.sealer;
  const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const index = new Map(orders.map((o, i) => [o.id, i + 1]));
  const ids = (text: string) =>
    text.replace(/(#|\/orders\/)(\d+)/g, (_m, at: string, id: string) => `${at}order${index.get(Number(id)) ?? '?'}`);
  const ledger = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const notices = await t.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const pushes = await t.db
    .selectFrom('push_outbox')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
    .select(['push_outbox.payload', 'push_outbox.attempts'])
    .where('push_subscriptions.user_id', '=', userId)
    .orderBy('push_outbox.id')
    .execute();
  const codes = await t.db
    .selectFrom('product_codes')
    .select(['code_enc', 'status', 'order_id'])
    .where('product_id', '=', stockId)
    .orderBy('id')
    .execute();
  const warned = (await operatorNotices()).slice(noticesBefore);
  const product = await t.db
    .selectFrom('products')
    .select(['low_stock_notified'])
    .where('id', '=', stockId)
    .executeTakeFirstOrThrow();
  const balance = await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  // What the storefront's account paid for these orders (none on storefront 1).
  const paid = orders.length
    ? await t.db
        .selectFrom('storefront_ledger')
        .selectAll()
        .where('ref_id', 'in', [...index.keys()])
        .where('ref_type', 'in', ['order', 'order_refund'])
        .orderBy('id')
        .execute()
    : [];
  return {
    orders: orders.map((o) => ({
      product: o.product_id === stockId ? 'stock' : o.product_id,
      product_name: o.product_name,
      status: o.status,
      price: Number(o.price),
      storefront_id: Number(o.storefront_id),
      provider_price: Number(o.provider_price),
      price_syr: Number(o.price_syr),
      price_tr: Number(o.price_tr),
      quantity: o.quantity,
      data: o.data,
      data2: o.data2,
      note: o.note,
      api: o.api,
      message: o.message,
      key: o.idempotency_key,
      codes: openOrderCodes(key, o.codes_enc),
    })),
    ledger: ledger.map((l) => ({
      credit: Number(l.credit),
      debit: Number(l.debit),
      balance_after: Number(l.balance_after),
      info: l.info,
      ref: l.ref_type === 'order' ? `order${index.get(l.ref_id ?? 0)}` : l.ref_type,
    })),
    notices: notices.map((n) => ({
      title: n.title,
      msg: ids(n.msg),
      order: n.order_id === null ? null : index.get(n.order_id),
    })),
    // Both roads build the payload with notifications' pushPayload: the same text, byte for byte.
    pushes: pushes.map((p) => ({ payload: ids(p.payload), attempts: p.attempts })),
    codes: codes.map((c) => ({
      code: key.open(c.code_enc),
      status: c.status,
      order: c.order_id === null ? null : index.get(c.order_id),
    })),
    lowStockNotices: warned,
    lowStockNotified: product.low_stock_notified,
    balance: Number(balance.balance),
    storefrontLedger: paid.map((l) => ({
      credit: Number(l.credit),
      debit: Number(l.debit),
      reason: ids(l.reason),
      ref: `${l.ref_type} order${index.get(Number(l.ref_id))}`,
    })),
  };
}

/** One manual order on the marked-up storefront, without a key. */
const markedOrderOf = (userId: number) => ({
  userId,
  storefrontId: marked,
  form: 'fixed' as const,
  productId: manual.id,
  quantity: 1,
  first: '5123456789',
  second: null,
  note: null,
  idempotencyKey: null,
  expectedPrice: null,
});

describe.skipIf(testEngine !== 'postgres')('checkout: the one-statement road and the transaction', () => {
  it('write the same rows for the same purchases', async () => {
    const fast = await purchases('fastest');
    const slow = await purchases('transaction');
    // What the purchases were: a replayed key, three codes sold, the fourth refused, a short balance.
    expect(fast.outcomes.map((o) => ('refused' in o ? 'refused' : o.replayed ? 'replayed' : o.status))).toEqual([
      'pending',
      'replayed',
      'success',
      'success',
      'replayed',
      'success',
      'refused',
      'refused',
    ]);
    expect(fast.codes.map((c) => c.status)).toEqual(['sold', 'sold', 'sold']);
    expect(fast.lowStockNotices).toEqual([{ title: 'المخزون منخفض', msg: 'بقي 1 كود فقط من «بطاقة الطريقين».' }]);
    expect(fast.pushes.length).toBeGreaterThan(0);
    expect(fast).toEqual(slow);
  });

  it('write the same rows on a storefront with a markup: its price charged, the provider’s kept', async () => {
    const before = await accountTotal(t.db, marked);
    const fast = await purchases('fastest', marked);
    const between = await accountTotal(t.db, marked);
    const slow = await purchases('transaction', marked);
    expect(fast.outcomes.filter((o) => 'refused' in o)).toHaveLength(2);
    expect(fast.orders.map((o) => [o.storefront_id, o.price, o.provider_price])).toContainEqual([
      marked,
      markUp(2 * USD, 1000, 2),
      2 * USD,
    ]);
    // The storefront's account paid the provider's price of each order, taken at commit.
    expect(fast.storefrontLedger).toHaveLength(fast.orders.length);
    const paid = fast.storefrontLedger.reduce((sum, l) => sum + l.debit, 0);
    expect(paid).toBeGreaterThan(0);
    expect(before - between).toBe(paid);
    expect(between - (await accountTotal(t.db, marked))).toBe(paid);
    expect(fast).toEqual(slow);
  });

  it('writes nothing from a storefront price cached before it changed: the transaction decides afresh', async () => {
    const user = await t.createUser({ balance: 100 * USD });
    const input = markedOrderOf(user.id);
    // As an instance that read the storefront's prices before its markup became 10 %.
    const stale = {
      productRows: t.app.caches.productRows,
      pricing: async () => ({ markupBp: 0, categories: new Map(), products: new Map() }),
    };
    expect(await placeInOneStatement(t.db, t.app.sealer, input, stale)).toBeNull();
    const placed = await placeOrder(t.db, t.app.sealer, input, stale);
    expect(placed.order.price).toBe(moneyToString(markUp(manual.price, 1000, 2)));
  });

  it('places a storefront’s order in one statement, its account debited at commit, or writes nothing', async () => {
    const user = await t.createUser({ balance: 100 * USD });
    const input = markedOrderOf(user.id);
    const caches = {
      productRows: t.app.caches.productRows,
      pricing: (id: number) => pricingCached(t.db, t.app.caches.catalog.of(id), id),
    };
    const before = await accountTotal(t.db, marked);
    const placed = await placeInOneStatement(t.db, t.app.sealer, input, caches);
    expect(placed).not.toBeNull();
    const line = await t.db
      .selectFrom('storefront_ledger')
      .selectAll()
      .where('ref_type', '=', 'order')
      .where('ref_id', '=', placed!.order.id)
      .executeTakeFirstOrThrow();
    expect(Number(line.debit)).toBe(manual.price);
    expect(await accountTotal(t.db, marked)).toBe(before - manual.price);
    // An account that cannot cover the next one: the statement writes nothing, not even the order.
    await setAccountBalance(t.db, marked, 0);
    const orders = async () =>
      (await t.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute()).length;
    expect(await placeInOneStatement(t.db, t.app.sealer, input, caches)).toBeNull();
    expect(await orders()).toBe(1);
    expect(await accountTotal(t.db, marked)).toBe(0);
    await setAccountBalance(t.db, marked, before - manual.price);
  });
});

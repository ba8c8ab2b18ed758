import { insertNumberService } from './number-service-rows';
import type { DB } from '../src/db/database';
import { makeProduct } from './orders-fixtures';

/** A seeded store history for the dashboard and export tests: rows with chosen timestamps. */

const STATUSES = ['pending', 'success', 'success', 'success', 'cancel', 'wait', 'request_cancel'] as const;
const CHARGE_STATUSES = ['pending', 'success', 'success', 'cancel'] as const;
const NUMBER_STATUSES = ['waiting', 'received', 'received', 'cancelled', 'refunded'] as const;

/** A small deterministic generator, so a failure can be replayed. */
export function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

export type History = { categoryNames: Record<number, string> };

/** `days` days of history ending at `endMs`, with orders, top-ups and customers at random instants. */
export async function seedHistory(
  db: DB,
  opts: {
    endMs: number;
    days: number;
    orders: number;
    charges: number;
    customers: number;
    seed?: number;
    /** Customers spread over these storefronts, each order on its customer's, below or at the provider's price. */
    storefronts?: number[];
    /** Number purchases, on their customer's storefront as orders are. */
    numbers?: number;
  },
): Promise<History> {
  const rnd = random(opts.seed ?? 7);
  const at = () => iso(opts.endMs - rnd.int(opts.days * 86_400_000));
  const catA = await db
    .insertInto('categories')
    .values({ name: 'ألعاب', img: null, available: 1, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const catB = await db
    .insertInto('categories')
    .values({ name: 'بطاقات', img: null, available: 1, sort: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dept = await db
    .insertInto('departments')
    .values({ category_id: catB.id, name: 'آيتونز', img: null, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = async (name: string, category_id: number | null, department_id: number | null) => ({
    id: await makeProduct(db, name, { category_id, department_id }),
  });
  const products = [
    await product('شدات ببجي', catA.id, null),
    await product('بطاقة آيتونز', null, dept.id),
    await product('جواهر فري فاير', catB.id, null),
  ];
  const names = ['شدات ببجي', 'بطاقة آيتونز', 'جواهر فري فاير'];

  const users: number[] = [];
  const storeOf = new Map<number, number>();
  for (let i = 0; i < opts.customers; i++) {
    const created = at();
    const store = opts.storefronts ? rnd.pick(opts.storefronts) : 1;
    const row = await db
      .insertInto('users')
      .values({
        email: `h${i}-${rnd.int(1e9)}@history.test`,
        name: `عميل ${i}`,
        phone: '+963900000000',
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
        storefront_id: store,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    users.push(row.id);
    storeOf.set(row.id, store);
  }
  const bank = await db
    .insertInto('banks')
    .values({ name: 'بنك', img: null, info: '', iban: 'SY00', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();

  const orders = Array.from({ length: opts.orders }, () => {
    const p = rnd.int(products.length);
    const created = at();
    const user = rnd.pick(users);
    const price = (1 + rnd.int(5000)) * 10_000;
    // Some orders from before storefront prices (null: their price was the provider's).
    const provider = opts.storefronts && rnd.int(4) > 0 ? price - rnd.int(price / 10_000) * 10_000 : null;
    return {
      user_id: user,
      ...(opts.storefronts ? { storefront_id: storeOf.get(user)!, provider_price: provider } : {}),
      product_id: products[p]!.id,
      product_name: names[p]!,
      status: rnd.pick(STATUSES),
      price,
      price_syr: 0,
      price_tr: 0,
      api: 0,
      quantity: 1,
      data: null,
      data2: null,
      secret: null,
      phone: null,
      note: null,
      message: null,
      cancel_msg: null,
      idempotency_key: null,
      created_at: created,
      updated_at: created,
    };
  });
  for (let i = 0; i < orders.length; i += 500)
    await db
      .insertInto('orders')
      .values(orders.slice(i, i + 500))
      .execute();

  const charges = Array.from({ length: opts.charges }, () => ({
    user_id: rnd.pick(users),
    bank_id: bank.id,
    amount: (1 + rnd.int(20_000)) * 10_000,
    img_key: 'receipts/none.png',
    status: rnd.pick(CHARGE_STATUSES),
    reason: null,
    decided_by: null,
    decided_at: null,
    created_at: at(),
  }));
  for (let i = 0; i < charges.length; i += 500)
    await db
      .insertInto('charges')
      .values(charges.slice(i, i + 500))
      .execute();
  if (opts.numbers) await seedNumbers(db, opts.numbers, { users, storeOf, at, rnd, priced: !!opts.storefronts });
  return { categoryNames: { [catA.id]: 'ألعاب', [catB.id]: 'بطاقات' } };
}

/** Number purchases at random instants, in every status, some from before storefront prices. */
async function seedNumbers(
  db: DB,
  count: number,
  o: {
    users: number[];
    storeOf: Map<number, number>;
    at: () => string;
    rnd: ReturnType<typeof random>;
    priced: boolean;
  },
) {
  const { provider, service } = await insertNumberService(db);
  const rows = Array.from({ length: count }, () => {
    const created = o.at();
    const user = o.rnd.pick(o.users);
    const status = o.rnd.pick(NUMBER_STATUSES);
    const price = (1 + o.rnd.int(500)) * 10_000;
    const provider_price = o.priced && o.rnd.int(4) > 0 ? price - o.rnd.int(price / 10_000) * 10_000 : null;
    return {
      user_id: user,
      service_id: service,
      provider_id: provider,
      name: 'واتساب',
      price,
      ...(o.priced ? { storefront_id: o.storeOf.get(user)!, provider_price } : {}),
      status,
      // Done: the numbers worker never takes a seeded purchase up.
      step: 'done' as const,
      upstream_id: null,
      phone: null,
      requested_at: null,
      expires_at: null,
      refunded_at: status === 'cancelled' || status === 'refunded' ? created : null,
      next_at: created,
      lease_owner: null,
      lease_until: null,
      last_error: null,
      idempotency_key: null,
      req_id: null,
      created_at: created,
      updated_at: created,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('number_activations')
      .values(rows.slice(i, i + 500))
      .execute();
}

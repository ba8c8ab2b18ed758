import { work } from '../server/src/kernel/unit-of-work';
import { hashPassword } from '../server/src/modules/accounts/passwords';
import type { DB } from '../server/src/db/database';
import { randomToken, sha256 } from '../server/src/kernel/crypto';
import { inFuture, now } from '../server/src/kernel/time';

export const SIZE = { categories: 50, departmentsPerCategory: 4, products: 2_000, customers: 10_000 } as const;

/** Every bench customer starts with 1,000,000 USD so 200 customers can order for minutes. */
export const START_BALANCE = 1_000_000 * 1_000_000;
export const PRODUCT_PRICE = 1_500_000;

export type Catalog = { categoryIds: number[]; departmentIds: number[]; productIds: number[] };

export type LargeStore = {
  categoryIds: number[];
  departmentIds: number[];
  productIds: number[];
  /** Every customer with a valid bearer token. */
  customers: { id: number; token: string }[];
  operator: { id: number; token: string };
};

const BATCH = 500;

async function inBatches<T>(db: DB, rows: T[], insert: (trx: DB, chunk: T[]) => Promise<unknown>): Promise<void> {
  await work(db, async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) await insert(trx, rows.slice(i, i + BATCH));
  });
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** 50 categories, 200 departments and 2,000 products, each at PRODUCT_PRICE. */
export async function seedCatalog(db: DB): Promise<Catalog> {
  await inBatches(db, range(SIZE.categories), (trx, c) =>
    trx
      .insertInto('categories')
      .values(c.map((i) => ({ name: `فئة ${i + 1}`, img: null, available: 1, sort: i })))
      .execute(),
  );
  const categoryIds = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map((r) => r.id);
  const deps = categoryIds.flatMap((cid) =>
    range(SIZE.departmentsPerCategory).map((d) => ({ category_id: cid, name: `قسم ${d + 1}`, img: null, sort: d })),
  );
  await inBatches(db, deps, (trx, c) => trx.insertInto('departments').values(c).execute());
  const depRows = await db.selectFrom('departments').select(['id', 'category_id']).orderBy('id').execute();
  const products = range(SIZE.products).map((i) => {
    const dep = depRows[i % depRows.length]!;
    return {
      category_id: dep.category_id,
      department_id: dep.id,
      name: `منتج ${i + 1}`,
      img: null,
      info: 'شحن فوري عبر رقم اللاعب',
      available: 1,
      price: PRODUCT_PRICE,
      price_syr: 20_000 * 1_000_000,
      price_tr: 50 * 1_000_000,
      is_discount: 0,
      discount: 0,
      type: 'id' as const,
      free: 0,
      min: 1,
      max: 1,
      unit_price: 0,
      unit_price_tr: 0,
      player_resolver: null,
      sort: i,
    };
  });
  await inBatches(db, products, (trx, c) => trx.insertInto('products').values(c).execute());
  const productIds = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
  return { categoryIds, departmentIds: depRows.map((d) => d.id), productIds };
}

/**
 * The catalog and 10,000 funded customers with sessions.
 * Argon2 for 10,000 passwords would take minutes, so they share one precomputed hash; balances
 * are written with their opening ledger row so ledger:verify holds from the start.
 */
/**
 * Signed-in users, each with a bearer token valid for a day: customers of `storefrontId` with
 * `balance` each (a ledger line for it), or an operator with two-factor on (the console API
 * requires it). In insertion order, as `emails` lists them.
 */
export async function seedUsers(
  db: DB,
  o: {
    emails: string[];
    role: 'operator' | 'customer';
    balance: number;
    storefrontId: number | null;
    hash: string;
    /** Without a ledger line (and so without a balance): a crowd that only signs in. */
    noLedger?: boolean;
  },
): Promise<{ id: number; token: string }[]> {
  const t = now();
  const users = o.emails.map((email, i) => ({
    email,
    name: o.role === 'operator' ? 'مشغل القياس' : `زبون ${i + 1}`,
    phone: '+963911111111',
    img: null,
    password_hash: o.hash,
    role: o.role,
    balance: o.noLedger ? 0 : o.balance,
    deposit: 0,
    totp_secret: null,
    totp_pending_secret: null,
    totp_enabled: o.role === 'operator' ? 1 : 0,
    totp_last_step: 0,
    google_subject: null,
    storefront_id: o.storefrontId,
    created_at: t,
    updated_at: t,
  }));
  const ids: number[] = [];
  await inBatches(db, users, async (trx, c) => {
    const rows = await trx.insertInto('users').values(c).returning('id').execute();
    for (const r of rows) ids.push(Number(r.id));
  });
  if (!o.noLedger && o.balance > 0)
    await inBatches(db, ids, (trx, c) =>
      trx
        .insertInto('ledger')
        .values(
          c.map((id) => ({
            user_id: id,
            credit: o.balance,
            debit: 0,
            balance_after: o.balance,
            info: 'رصيد افتتاحي',
            ref_type: 'seed',
            ref_id: null,
            created_at: t,
          })),
        )
        .execute(),
    );
  const expires = inFuture(86_400_000);
  const seeded = ids.map((id) => ({ id, token: randomToken(24) }));
  await inBatches(db, seeded, (trx, c) =>
    trx
      .insertInto('sessions')
      .values(
        c.map(({ id, token }) => ({
          user_id: id,
          token_hash: sha256(token),
          device_token: null,
          created_at: t,
          expires_at: expires,
          revoked_at: null,
        })),
      )
      .execute(),
  );
  return seeded;
}

export async function seedLarge(db: DB): Promise<LargeStore> {
  const hash = await hashPassword('bench-password');
  const { categoryIds, departmentIds, productIds } = await seedCatalog(db);
  const [operator] = await seedUsers(db, {
    emails: ['bench-operator@bench.local'],
    role: 'operator',
    balance: 0,
    storefrontId: null,
    hash,
  });
  const customers = await seedUsers(db, {
    emails: range(SIZE.customers).map((i) => `bench-${i + 1}@bench.local`),
    role: 'customer',
    balance: START_BALANCE,
    storefrontId: 1,
    hash,
  });
  return { categoryIds, departmentIds, productIds, customers, operator: operator! };
}

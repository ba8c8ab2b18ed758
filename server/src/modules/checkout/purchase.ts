import type { Selectable } from 'kysely';
import type { DB, UsersTable } from '../../db/database';
import { now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import type { Fulfil } from '../fulfilment';
import {
  asStorefrontShort,
  countRefusal,
  debitReturningUser,
  debitStorefront,
  type LedgerRef,
  type ProviderCharge,
} from '../wallet';

/** A purchase priced and written, not yet paid. */
export type Priced<Row> = {
  row: Row;
  price: number;
  /** The ledger line's text. */
  info: string;
  ref: LedgerRef;
  /** Who delivers it once paid: a fulfilment provider. */
  fulfil: Fulfil<Row>;
  /**
   * On a storefront other than 1, what the purchase costs that storefront's account (the
   * provider's price); absent on storefront 1, whose purchases make no second debit and no query.
   */
  provider?: ProviderCharge;
};

/** What one kind of purchase (an order, a number) tells checkout; checkout does the rest. */
export type Purchase<Row, Out> = {
  userId: number;
  /** The Idempotency-Key, if the client sent one. */
  key: string | null;
  /** The purchase this key placed before, if any. */
  findEarlier(db: DB): Promise<Row | undefined>;
  /** The answer for a purchase this key placed before (a 422 when the request is another one). */
  replay(db: DB, earlier: Row): Promise<Out>;
  /** Prices it from a fresh read and writes its row; a refusal throws here, before money moves. */
  price(trx: DB, t: string): Promise<Priced<Row>>;
  /** The answer for a new purchase: as the provider left it, and the buyer after the debit. */
  answer(placed: Row, buyer: Selectable<UsersTable>): Out;
};

export type CheckoutOptions<Out> = {
  /** Tried before the transaction (PostgreSQL's one statement); null lets the transaction decide. */
  firstTry?: () => Promise<Out | null>;
  /** SQLite's group commit (kernel/unit-of-work.ts). */
  shareCommit?: boolean;
};

/**
 * The unique (user_id, idempotency_key) constraint of orders or number purchases firing
 * (`orders_idempotency`, `number_activations_idem`): a second request with the same key lost the
 * race to the first. SQLite and PostgreSQL report it differently.
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return e.constraint === undefined || e.constraint.includes('idem');
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && (e.message ?? '').includes('idempotency_key');
}

function refType(ref: LedgerRef): 'order' | 'number' {
  if (ref.type !== 'order' && ref.type !== 'number') throw new Error(`checkout: a purchase of ${ref.type}`);
  return ref.type;
}

/**
 * The one placement workflow: idempotency, price, debit, create, hand to the fulfiller, in one
 * transaction. On a storefront other than 1 its account is debited the provider's price in the
 * same transaction (wallet's `debitStorefront`); an account that cannot cover it refuses the
 * purchase whole. The debit is a conditional UPDATE: a balance that does not cover the price throws
 * and the row vanishes with the rollback, so nothing is half-written; so does a provider that
 * cannot deliver. A key used before answers its first purchase and debits nothing, even when two
 * requests with it race: the loser's insert hits the unique constraint after the winner commits.
 */
export async function checkout<Row, Out>(
  db: DB,
  purchase: Purchase<Row, Out>,
  options: CheckoutOptions<Out> = {},
): Promise<Out> {
  const { key } = purchase;
  // The one-statement road needs no look-up first: a used key fails its insert, writing nothing.
  if (key && !options.firstTry) {
    const earlier = await purchase.findEarlier(db);
    if (earlier) return purchase.replay(db, earlier);
  }
  // What the storefront's account was asked for: on PostgreSQL its refusal comes with the COMMIT.
  let charged: ProviderCharge | undefined;
  try {
    const first = options.firstTry && (await options.firstTry());
    if (first) return first;
    return await work(
      db,
      async (trx) => {
        if (key) {
          const earlier = await purchase.findEarlier(trx);
          if (earlier) return purchase.replay(trx, earlier);
        }
        const t = now();
        const priced = await purchase.price(trx, t);
        // Debit before delivering: a buyer who cannot pay never holds codes another buyer awaits
        // (SQLite's stock sale delivers as it writes the order: with one writer, nobody awaits).
        const buyer = await debitReturningUser(trx, purchase.userId, priced.price, priced.info, priced.ref);
        const fulfilled = await priced.fulfil(trx, priced.row, t, buyer);
        // The storefront's account last: every order on that storefront waits for its row until this
        // transaction commits, so it is held for the commit alone, not for the delivery as well.
        if (priced.provider) {
          charged = priced.provider;
          await debitStorefront(trx, priced.provider, { type: refType(priced.ref), id: priced.ref.id });
        }
        return purchase.answer(fulfilled, buyer);
      },
      { shareCommit: options.shareCommit },
    );
  } catch (thrown) {
    const err = asStorefrontShort(thrown, charged);
    await countRefusal(db, err);
    if (key && isDuplicateKey(err)) {
      const earlier = await purchase.findEarlier(db);
      if (earlier) return purchase.replay(db, earlier);
    }
    throw err;
  }
}

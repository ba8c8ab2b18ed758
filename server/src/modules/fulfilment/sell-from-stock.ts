import { deliveryMessages } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { Effect } from '../../kernel/effects';
import { after, work } from '../../kernel/unit-of-work';
import { AppError } from '../../kernel/errors';
import { notify } from '../notifications';
import { deliveryMsg } from './messages-ar';
import { sealStockCodes } from '../orders';
import {
  armLowStockWarning,
  claimCodes,
  findStockProduct,
  markSold,
  operatorIds,
  pickSellable,
  sellableUpTo,
} from './stock-repository';

export type StockProduct = { id: number; name: string; low_stock_threshold: number };

/**
 * Takes `quantity` codes of the product for an order, inside the order's transaction: if the
 * stock cannot cover it the whole purchase rolls back with "نفدت الكمية" and no money moves.
 * Answers the codes sealed for the order; a sale that emptied the stock makes the catalog's
 * cached replies stale after the commit (it then shows the product out of stock).
 */
export async function sellFromStock(
  trx: DB,
  product: StockProduct,
  quantity: number,
  orderId: number,
  t: string,
): Promise<{ codesEnc: string | null }> {
  const claimed = await claimCodes(trx, product.id, quantity, orderId, t);
  if (claimed.length < quantity) throw new AppError('out_of_stock', deliveryMessages.outOfStock);
  await countWhatIsLeft(trx, product, t);
  return { codesEnc: sealStockCodes(claimed) };
}

/**
 * Up to this many codes past a sale's own are read with its pick, which then tells what is left
 * (a product's threshold is small); a higher threshold is counted after the sale, as PostgreSQL's
 * transaction road counts.
 */
const COUNTED_WITH_PICK = 16;

/**
 * A sale in two steps around the order's insert (SQLite, fulfilment/providers.ts): the codes are
 * picked, the order is written delivered with them, and then they are marked sold to it (their
 * `order_id` must name an order that exists). With SQLite's one writer nothing else can take the
 * picked codes between the steps; the mark still takes only codes still available, and a sale
 * that marked fewer than it picked rolls back whole. The pick reads the threshold + 1 codes after
 * the sale's too, so what is left is known without a count of its own.
 */
export async function pickForSale(trx: DB, product: StockProduct, quantity: number, t: string) {
  const cap = product.low_stock_threshold + 1;
  const counted = cap <= COUNTED_WITH_PICK ? cap : 0;
  const picked = await pickSellable(trx, product.id, quantity + counted, t);
  if (picked.length < quantity) throw new AppError('out_of_stock', deliveryMessages.outOfStock);
  const sold = picked.slice(0, quantity);
  return {
    codesEnc: sealStockCodes([...sold].sort((a, b) => Number(a.id) - Number(b.id))),
    async markSold(orderId: number): Promise<void> {
      const marked = await markSold(
        trx,
        sold.map((c) => Number(c.id)),
        orderId,
        t,
      );
      if (marked < quantity) throw new AppError('out_of_stock', deliveryMessages.outOfStock);
      if (counted) await whatIsLeft(trx, product, picked.length - quantity);
      else await countWhatIsLeft(trx, product, t);
    },
  };
}

/** After a sale: the low-stock warning at the threshold, a sold-out catalog when none is left. */
async function countWhatIsLeft(trx: DB, product: StockProduct, t: string): Promise<void> {
  await whatIsLeft(trx, product, await sellableUpTo(trx, product.id, product.low_stock_threshold + 1, t));
}

async function whatIsLeft(trx: DB, product: StockProduct, left: number): Promise<void> {
  if (left <= product.low_stock_threshold) await warnLowStock(trx, product, left);
  if (left === 0) after(trx, { kind: 'reads-stale' });
}

/**
 * A sale made in one statement outside any transaction (PostgreSQL, checkout's fast road): what
 * `sellFromStock` does inside the transaction follows it as effects instead. The low-stock
 * warning is written in a transaction of its own, after the sale, whose answer it never turns
 * into an error.
 */
export function stockSaleEffects(
  buyerId: number,
  product: StockProduct,
  left: number,
  pushed: number,
  /** The request that made the sale: the warning's pushes log its id. */
  reqId: string | null,
): Effect[] {
  const effects: Effect[] = [{ kind: 'users-changed', users: [buyerId] }];
  if (pushed > 0) effects.push({ kind: 'wake', worker: 'push' });
  if (left === 0) effects.push({ kind: 'reads-stale' });
  if (left <= product.low_stock_threshold) effects.push({ kind: 'stock-low', productId: product.id, left, reqId });
  return effects;
}

/** The `stock-low` effect: warns the operators unless a sale or an earlier warning did already. */
export async function warnLowStockAfterSale(db: DB, productId: number, left: number): Promise<void> {
  await work(db, async (tx) => {
    const product = await findStockProduct(tx, productId);
    if (product) await warnLowStock(tx, product, left);
  });
}

/**
 * Tells every operator once when a product falls to its threshold: the conditional UPDATE lets
 * one sale win even when several cross the line at once; adding codes re-arms it.
 */
export async function warnLowStock(trx: DB, product: StockProduct, left: number): Promise<void> {
  if (!(await armLowStockWarning(trx, product.id))) return;
  const operators = await operatorIds(trx);
  const notice = deliveryMsg.lowStock(product.name, left);
  for (const op of operators) await notify(trx, op.id, notice.title, notice.msg);
}

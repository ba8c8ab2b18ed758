import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import { idempotencyMismatchMsg } from '@raseed/contract';
import { loadUserDto, toUserDto } from '../accounts';
import { findProduct } from '../catalog';
import type { DB } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { deliveryNotice } from '../fulfilment';
import { queueForward } from '../fulfilment';
import { sellFromStock } from '../fulfilment';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import { notify } from '../notifications';
import { debitReturningUser } from '../wallet';
import { toOrderDto } from '../orders';
import {
  checkAndPrice,
  orderValues,
  type PlacedOrder,
  type PlaceOrderInput,
  placeOrderMessages,
  type ProductRowCache,
} from './order-terms';
import { placeInOneStatement } from './place-in-one-statement';
import { findOrderByKey, insertOrder, isDuplicateKey, markDelivered } from '../orders';

export type { PlacedOrder, PlaceOrderInput } from './order-terms';

type OrderRow = Parameters<typeof toOrderDto>[0];

/**
 * The order a key was first used for must be this request again (as Stripe does): another
 * product, quantity or player is a 422, never the first order passed off as this one.
 */
function sameRequest(row: OrderRow, input: PlaceOrderInput): boolean {
  if (row.product_id !== input.productId) return false;
  if (input.form === 'free' && row.quantity !== input.quantity) return false;
  if (input.form === 'code') return true;
  return (row.data ?? null) === (input.first ?? null) && (row.note ?? null) === (input.note ?? null);
}

async function replay(db: DB, sealer: Sealer, row: OrderRow, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (!sameRequest(row, input))
    throw new AppError('UNPROCESSABLE', idempotencyMismatchMsg, { idempotency_key: [idempotencyMismatchMsg] });
  const userId = input.userId;
  return { order: toOrderDto(row, sealer), user: await loadUserDto(db, userId), replayed: true };
}

/**
 * Places one order paid from the balance, in one transaction: re-read the product, price it,
 * insert the pending order, then debit with a conditional UPDATE. If the balance does not cover
 * it the debit throws and the order vanishes with the rollback, so nothing is half-written.
 * On PostgreSQL a manual order is first tried as one statement (`placeInOneStatement`); it
 * needs no look-up of the Idempotency-Key first: a key used before makes its insert fail on the
 * unique constraint (nothing written), and the first order is answered as below.
 */
export async function placeOrder(
  db: DB,
  sealer: Sealer,
  input: PlaceOrderInput,
  productRows?: ProductRowCache,
  // Both roads must write the same rows; a test drives one, then the other, and compares them.
  road: 'fastest' | 'transaction' = 'fastest',
): Promise<PlacedOrder> {
  const key = input.idempotencyKey;
  const oneStatement = road === 'fastest' && isPostgres(db);
  if (key && !oneStatement) {
    const earlier = await findOrderByKey(db, input.userId, key);
    if (earlier) return replay(db, sealer, earlier, input);
  }
  try {
    if (oneStatement) {
      const placed = await placeInOneStatement(db, sealer, input, productRows);
      if (placed) return placed;
    }
    return await work(
      db,
      async (trx) => {
        if (key) {
          const earlier = await findOrderByKey(trx, input.userId, key);
          if (earlier) return replay(trx, sealer, earlier, input);
        }
        const priced = checkAndPrice(await findProduct(trx, input.productId), input);
        const { product, charge, supplierId } = priced;
        const t = now();
        let row = await insertOrder(trx, orderValues(sealer, input, priced, t));
        // Debit first: a buyer who cannot pay never holds codes another buyer is waiting for.
        const buyer = await debitReturningUser(
          trx,
          input.userId,
          charge.price,
          placeOrderMessages.ledgerInfo(product.name),
          { type: 'order', id: row.id },
        );
        if (product.delivery === 'stock') {
          const sale = await sellFromStock(trx, product, charge.quantity, row.id, t);
          row = await deliverNow(trx, row.id, sale.codesEnc);
        }
        if (supplierId !== null) await queueForward(trx, row.id, supplierId, t);
        return { order: toOrderDto(row, sealer), user: toUserDto(buyer), replayed: false };
      },
      { shareCommit: true },
    );
  } catch (err) {
    // Two requests with one key at once: the loser's insert hits the unique constraint after the
    // winner commits, and its transaction is gone; answer with the winner's order.
    if (key && isDuplicateKey(err)) {
      const earlier = await findOrderByKey(db, input.userId, key);
      if (earlier) return replay(db, sealer, earlier, input);
    }
    throw err;
  }
}

/** A stock order is accepted in its own transaction, with its codes and the customer's notice. */
async function deliverNow(trx: DB, orderId: number, codesEnc: string | null) {
  const row = await markDelivered(trx, orderId, codesEnc);
  const notice = deliveryNotice.delivered(row.id, row.product_name);
  await notify(trx, row.user_id, notice.title, notice.msg, row.id);
  return row;
}

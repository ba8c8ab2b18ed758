import { randomBytes } from 'node:crypto';
import { idempotencyMismatchMsg, moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import type { Sealer } from '../../kernel/sealing';
import { inFuture, now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import { loadUserDto } from '../accounts';
import { findProduct, sellingRule } from '../catalog';
import { sealOrderCodes, toOrderDto } from '../orders';
import {
  asOrderRow,
  findTestOrderByKey,
  giveBackTestBalance,
  insertTestOrder,
  openTestBalance,
  takeTestBalance,
  testBalanceOf,
  testOrderMsg,
  testOutcomeOf,
  type TestOrderRow,
} from '../test-orders';
import { queueWebhookEvent } from '../webhooks';
import { checkAndPrice, type PlacedOrder, type PlaceOrderInput } from './order-terms';

/** A code no game accepts, shaped like one, so an integrator's code path runs end to end. */
function testCode(): string {
  const part = () => randomBytes(3).toString('hex').toUpperCase();
  return `TEST-${part()}-${part()}`;
}

/**
 * An order placed with a test key (docs/api-for-resellers.md#test-mode): priced like a live one,
 * paid from the test balance, decided by the player data — never the real balance, stock,
 * suppliers or the numbers provider, and never in the dashboard or exports (its own table).
 */
export async function placeTestOrder(
  db: DB,
  sealer: Sealer,
  input: PlaceOrderInput,
  delayMs: number,
): Promise<PlacedOrder> {
  const key = input.idempotencyKey;
  const placed = await work(db, async (trx) => {
    const earlier = key ? await findTestOrderByKey(trx, input.userId, key) : undefined;
    if (earlier) return { row: replayable(earlier, input), replayed: true };
    const found = await findProduct(trx, input.productId);
    const rule = found && (await sellingRule(trx, input.storefrontId, found));
    const { product, charge } = checkAndPrice(found, rule, input);
    const t = now();
    await openTestBalance(trx, input.userId, t);
    if (!(await takeTestBalance(trx, input.userId, charge.price, t)))
      throw new AppError('insufficient_balance', testOrderMsg.short);
    const data = input.form === 'code' ? null : input.first;
    const outcome = testOutcomeOf(data);
    if (outcome === 'rejected') await giveBackTestBalance(trx, input.userId, charge.price, t);
    const row = await insertTestOrder(trx, {
      user_id: input.userId,
      product_id: product.id,
      product_name: product.name,
      status: outcome === 'delivered' ? 'success' : outcome === 'later' ? 'pending' : 'cancel',
      price: charge.price,
      quantity: charge.quantity,
      data,
      message: outcome === 'delivered' ? testOrderMsg.delivered : null,
      cancel_msg: outcome === 'rejected' ? testOrderMsg.rejected : null,
      codes_enc: input.form === 'code' && outcome !== 'rejected' ? sealOrderCodes(sealer, [testCode()]) : null,
      idempotency_key: key,
      due_at: outcome === 'later' ? inFuture(delayMs) : null,
      created_at: t,
      updated_at: t,
    });
    // As a live order: an event when it is decided, not when it is only placed.
    if (outcome !== 'later')
      await queueWebhookEvent(trx, { userId: input.userId, type: 'order.updated', subject: asOrderRow(row) });
    return { row, replayed: false };
  });
  const user = await loadUserDto(db, input.userId);
  return {
    order: toOrderDto(asOrderRow(placed.row), sealer),
    user: { ...user, balance: moneyToString(await testBalanceOf(db, input.userId)) },
    replayed: placed.replayed,
  };
}

/** A key used before answers its first order, but only for the same request (as live orders). */
function replayable(row: TestOrderRow, input: PlaceOrderInput): TestOrderRow {
  const same =
    row.product_id === input.productId &&
    (input.form !== 'free' || row.quantity === input.quantity) &&
    (input.form === 'code' || (row.data ?? null) === (input.first ?? null));
  if (!same)
    throw new AppError('idempotency_mismatch', idempotencyMismatchMsg, {
      idempotency_key: [idempotencyMismatchMsg],
    });
  return row;
}

import type { Sealer } from '../../kernel/sealing';
import { idempotencyMismatchMsg } from '@raseed/contract';
import { loadUserDto, toUserDto } from '../accounts';
import { findProduct, sellingRule } from '../catalog';
import type { DB } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { orderFulfilment } from '../fulfilment';
import { AppError } from '../../kernel/errors';
import { findOrderByKey, toOrderDto } from '../orders';
import { checkAndPrice, orderValues, placeOrderMessages } from './order-terms';
import type { OrderReadCaches, PlacedOrder, PlaceOrderInput } from './order-terms';
import { placeInOneStatement } from './place-in-one-statement';
import { checkout } from './purchase';

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
    throw new AppError('idempotency_mismatch', idempotencyMismatchMsg, { idempotency_key: [idempotencyMismatchMsg] });
  const userId = input.userId;
  return { order: toOrderDto(row, sealer), user: await loadUserDto(db, userId), replayed: true };
}

/**
 * Places one order paid from the balance through checkout (purchase.ts): re-read the product,
 * price it, insert the pending order, debit, then hand it to its fulfilment provider (manual,
 * stock or supplier). On PostgreSQL a manual or stock order is first tried as one statement
 * (`placeInOneStatement`); a key used before makes its insert fail on the unique constraint
 * (nothing written), and the first order is answered as on the transactional road.
 */
export async function placeOrder(
  db: DB,
  sealer: Sealer,
  input: PlaceOrderInput,
  caches?: OrderReadCaches,
  // Both roads must write the same rows; a test drives one, then the other, and compares them.
  road: 'fastest' | 'transaction' = 'fastest',
): Promise<PlacedOrder> {
  const oneStatement = road === 'fastest' && isPostgres(db);
  const key = input.idempotencyKey;
  return checkout<OrderRow, PlacedOrder>(
    db,
    {
      userId: input.userId,
      key,
      findEarlier: (tx) => (key ? findOrderByKey(tx, input.userId, key) : Promise.resolve(undefined)),
      replay: (tx, earlier) => replay(tx, sealer, earlier, input),
      price: async (trx, t) => {
        // The product and the storefront's rules for it read afresh: the price charged is today's.
        const product = await findProduct(trx, input.productId);
        const rule = product && (await sellingRule(trx, input.storefrontId, product));
        const priced = checkAndPrice(product, rule, input);
        const provider = orderFulfilment(trx, priced.product, priced.supplierId);
        const row = await provider.write(trx, orderValues(sealer, input, priced, t), t);
        return {
          row,
          price: priced.charge.price,
          info: placeOrderMessages.ledgerInfo(priced.product.name),
          ref: { type: 'order', id: row.id },
          fulfil: provider.fulfil,
          ...(input.storefrontId !== PROVIDER_STOREFRONT
            ? { provider: { storefrontId: input.storefrontId, price: priced.providerPrice } }
            : {}),
        };
      },
      answer: (row, buyer) => ({ order: toOrderDto(row, sealer), user: toUserDto(buyer), replayed: false }),
    },
    {
      firstTry: oneStatement ? () => placeInOneStatement(db, sealer, input, caches) : undefined,
      shareCommit: true,
    },
  );
}

import type { Sealer } from '../../kernel/sealing';
import { deliveryNotice, stockFloor } from '../fulfilment';
import { findProduct, ruleOf, sellingRule } from '../catalog';
import type { DB } from '../../db/database';
import { stockSaleEffects } from '../fulfilment';
import type { Effect } from '../../kernel/effects';
import { committed } from '../../kernel/unit-of-work';
import { requestIdOf } from '../../kernel/request-context';
import { toUserDto } from '../accounts';
import { now } from '../../kernel/time';
import { isAccountShort } from '../wallet';
import { toOrderDto } from '../orders';
import { NEW_ORDER_ID, noticeOfNewOrder } from '../notifications';
import { checkAndPrice, orderValues, placeOrderMessages } from './order-terms';
import type { OrderReadCaches, PlacedOrder, PlaceOrderInput } from './order-terms';
import { insertPaidStockSale } from './stock-sale-statements';
import { insertPaidOrder } from './paid-order-statements';

/**
 * PostgreSQL, an order delivered by hand or from code stock (most orders): the debit, the order
 * and its ledger line as one statement (`insertPaidOrder`; a stock sale also takes its codes and
 * queues its notice and push: `insertPaidStockSale`), composed from the SQL pieces the wallet,
 * orders, fulfilment and notifications modules export, no BEGIN or COMMIT, priced from the product
 * row as this instance last read it. Each statement of a transaction is a round trip that holds a
 * pooled connection and costs the event loop a socket write that wakes the database; profiled
 * under 200 buyers, the six of a manual order (eleven of a stock sale) were most of its CPU
 * (docs/decisions.md). The statement writes only while the product and its category still read
 * as the row it was priced from (`productUnchanged`) and the storefront still sells it at the
 * markup it was priced with (`priceRuleUnchanged`), so a cached row never charges a changed price.
 * null: the transactional path decides from a fresh read (a supplier product, a refusal, or
 * nothing written: a short balance, too few codes free, a catalog or price that changed meanwhile).
 * Another storefront's order also writes the debit of that storefront's account at the provider's
 * price, taken when the statement commits (docs/storefronts.md); an account that cannot cover it
 * fails the commit with nothing written, and the transaction decides (and refuses) from a fresh read.
 */
export async function placeInOneStatement(
  db: DB,
  sealer: Sealer,
  input: PlaceOrderInput,
  caches: OrderReadCaches | undefined,
): Promise<PlacedOrder | null> {
  const id = input.productId;
  const product = caches
    ? (await caches.productRows.get(id, async () => ({ row: await findProduct(db, id) }))).row
    : await findProduct(db, id);
  if (product?.delivery !== 'manual' && product?.delivery !== 'stock') return null;
  // The storefront's markup as cached with its catalog; the statement writes only while it still holds.
  const rule = caches
    ? ruleOf(await caches.pricing(input.storefrontId), product)
    : await sellingRule(db, input.storefrontId, product);
  let priced: ReturnType<typeof checkAndPrice>;
  try {
    priced = checkAndPrice(product, rule, input);
  } catch {
    return null;
  }
  const t = now();
  const paid = {
    order: orderValues(sealer, input, priced, t),
    info: placeOrderMessages.ledgerInfo(product.name),
    product,
    markupBp: priced.markupBp,
  };
  if (product.delivery === 'manual') {
    const placed = await insertPaidOrder(db, paid).catch(orNothingWhenShort);
    if (!placed) return null;
    if (placed.hooked > 0) await committed(db, [WAKE_WEBHOOKS]);
    return { order: toOrderDto(placed.order, sealer), user: toUserDto(placed.buyer), replayed: false };
  }
  const delivered = deliveryNotice.delivered(NEW_ORDER_ID, product.name);
  const notice = noticeOfNewOrder(delivered.title, delivered.msg);
  if (!notice) return null;
  const sale = await insertPaidStockSale(db, {
    ...paid,
    order: { ...paid.order, status: 'success' },
    quantity: priced.charge.quantity,
    countUpTo: product.low_stock_threshold + 1,
    notice,
    t,
    from: stockFloor(db, product.id),
  }).catch(orNothingWhenShort);
  if (!sale) return null;
  // The statement has committed: what follows the sale leaves now, as a transaction's would.
  const effects = stockSaleEffects(input.userId, product, Math.max(sale.left, 0), sale.pushed, requestIdOf(db));
  await committed(db, sale.hooked > 0 ? [...effects, WAKE_WEBHOOKS] : effects);
  return { order: toOrderDto(sale.order, sealer), user: toUserDto(sale.buyer), replayed: false };
}

/** The statement queued webhook deliveries: the worker sends them now, as after a transaction's queueWebhookEvent. */
const WAKE_WEBHOOKS: Effect = { kind: 'wake', worker: 'webhooks' };

/** A storefront's account that could not cover the order failed the statement, which wrote nothing. */
function orNothingWhenShort(err: unknown): undefined {
  if (isAccountShort(err)) return undefined;
  throw err;
}

import type { Order, ProductForm, User } from '@raseed/contract';
import {
  idempotencyMismatchMsg,
  moneyToString,
  multiplyMoney,
  orderMessages,
  priceChangedMessages,
  productForm,
} from '@raseed/contract';
import { loadUserDto, toUserDto } from '../auth/user-dto';
import { isForSale } from '../catalog/dto';
import { findProduct, type ProductRow } from '../catalog/repository';
import type { DB } from '../db/database';
import { isPostgres } from '../db/engine';
import { inWriteTransaction } from '../db/transaction';
import { sealOrderCodes } from '../delivery/order-codes';
import { insertForward } from '../delivery/outbox-repository';
import { sellFromStock } from '../delivery/sell-from-stock';
import { notify } from '../notifications/notify';
import { deliveryNotice } from '../delivery/messages-ar';
import { encrypt } from '../lib/crypto';
import { AppError } from '../lib/errors';
import type { Memo } from '../lib/memo';
import { now } from '../lib/time';
import { debitReturningUser } from '../wallet/ledger';
import { toOrderDto } from './order-dto';
import {
  findOrderByKey,
  insertOrder,
  insertPaidOrder,
  isDuplicateKey,
  markDelivered,
  type NewOrder,
} from './place-order-repository';

export type PlaceOrderInput = {
  userId: number;
  form: ProductForm;
  productId: number;
  /** Only the free-quantity form reads it; the others always buy one. */
  quantity: number;
  /** Player id, username or page link, as the product's type labels it. */
  first: string | null;
  /** Account name, or the account password of `account` products (kept encrypted). */
  second: string | null;
  note: string | null;
  idempotencyKey: string | null;
  /** The total (micros) the customer was shown; null when the client did not send one. */
  expectedPrice: number | null;
};

/**
 * `soldOut`: this sale took the last code in stock (the catalog must stop offering it);
 * `forwarded`: an outbox row waits for the delivery worker.
 */
export type PlacedOrder = { order: Order; user: User; replayed: boolean; soldOut?: boolean; forwarded?: boolean };

export const placeOrderMessages = {
  notFound: 'المنتج المطلوب غير موجود',
  unavailable: 'المنتج غير متوفر حالياً',
  wrongForm: 'لا يمكن طلب هذا المنتج بهذه الطريقة',
  ledgerInfo: (name: string) => `شراء: ${name}`,
} as const;

type Charge = { quantity: number; price: number; priceSyr: number; priceTr: number };

/**
 * What to charge, from the product as it is now, never from the client. SYP and TRY are the
 * display prices of that moment, kept on the order for the record; the balance is USD.
 * A free-quantity product's price_syr is read as its SYP price per unit, like unit_price.
 */
function priceOf(product: ProductRow, form: ProductForm, requested: number): Charge {
  if (form !== 'free')
    return { quantity: 1, price: product.price, priceSyr: product.price_syr, priceTr: product.price_tr };
  if (requested < product.min || requested > product.max) {
    throw AppError.fields({ qty: [orderMessages.qtyRange(product.min, product.max)] });
  }
  return {
    quantity: requested,
    price: multiplyMoney(product.unit_price, requested),
    priceSyr: multiplyMoney(product.price_syr, requested),
    priceTr: multiplyMoney(product.unit_price_tr, requested),
  };
}

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

async function replay(db: DB, appKey: Buffer, row: OrderRow, input: PlaceOrderInput): Promise<PlacedOrder> {
  if (!sameRequest(row, input))
    throw new AppError('UNPROCESSABLE', idempotencyMismatchMsg, { idempotency_key: [idempotencyMismatchMsg] });
  const userId = input.userId;
  return { order: toOrderDto(row, appKey), user: await loadUserDto(db, userId), replayed: true };
}

/** A supplier product names its supplier and the product there; without both it is not for sale. */
function supplierOf(product: ProductRow): number | null {
  return product.delivery === 'supplier' && product.supplier_id !== null && product.supplier_product_id
    ? product.supplier_id
    : null;
}

type Priced = { charge: Charge; supplierId: number | null };

/**
 * The checks every order passes on the product as it is now, and what it costs; throws the
 * refusal the customer sees.
 */
function checkAndPrice(product: ProductRow | undefined, input: PlaceOrderInput): Priced & { product: ProductRow } {
  if (!product)
    throw AppError.fields({ [input.form === 'fixed' ? 'productId' : 'product_id']: [placeOrderMessages.notFound] });
  if (!isForSale(product)) throw new AppError('UNPROCESSABLE', placeOrderMessages.unavailable);
  if (productForm({ type: product.type, free: product.free === 1 }) !== input.form) {
    throw new AppError('UNPROCESSABLE', placeOrderMessages.wrongForm);
  }
  const charge = priceOf(product, input.form, input.quantity);
  // A zero or absurd price is a catalog mistake; refuse rather than give the item away.
  if (!Number.isSafeInteger(charge.price) || charge.price <= 0)
    throw new AppError('UNPROCESSABLE', placeOrderMessages.unavailable);
  // Never charge a price the customer did not see: they confirm the new one and send again.
  if (input.expectedPrice !== null && input.expectedPrice !== charge.price) {
    const price = moneyToString(charge.price);
    throw new AppError('CONFLICT', priceChangedMessages.changed(`${price} $`), undefined, { price });
  }
  const supplierId = supplierOf(product);
  if (product.delivery === 'supplier' && supplierId === null)
    throw new AppError('UNPROCESSABLE', placeOrderMessages.unavailable);
  return { product, charge, supplierId };
}

/** The order row as it is first stored: pending, paid `charge`. */
function orderValues(
  appKey: Buffer,
  input: PlaceOrderInput,
  { product, charge, supplierId }: Priced & { product: ProductRow },
  t: string,
): NewOrder {
  const isAccount = product.type === 'account';
  return {
    user_id: input.userId,
    product_id: product.id,
    product_name: product.name,
    status: 'pending',
    price: charge.price,
    price_syr: Number.isSafeInteger(charge.priceSyr) ? charge.priceSyr : 0,
    price_tr: Number.isSafeInteger(charge.priceTr) ? charge.priceTr : 0,
    quantity: charge.quantity,
    data: input.form === 'code' ? null : input.first,
    data2: input.form === 'code' || isAccount ? null : input.second,
    secret: isAccount && input.second ? encrypt(appKey, input.second) : null,
    phone: null,
    note: input.form === 'code' ? null : input.note,
    // Forwarded orders run by themselves: the customer cannot cancel them (spec: `api`).
    api: supplierId !== null ? 1 : 0,
    delivery: product.delivery,
    message: null,
    cancel_msg: null,
    idempotency_key: input.idempotencyKey,
    created_at: t,
    updated_at: t,
  };
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
  appKey: Buffer,
  input: PlaceOrderInput,
  productRows?: ProductRowCache,
): Promise<PlacedOrder> {
  const key = input.idempotencyKey;
  const oneStatement = isPostgres(db);
  if (key && !oneStatement) {
    const earlier = await findOrderByKey(db, input.userId, key);
    if (earlier) return replay(db, appKey, earlier, input);
  }
  try {
    if (oneStatement) {
      const placed = await placeInOneStatement(db, appKey, input, productRows);
      if (placed) return placed;
    }
    return await inWriteTransaction(db, async (trx) => {
      if (key) {
        const earlier = await findOrderByKey(trx, input.userId, key);
        if (earlier) return replay(trx, appKey, earlier, input);
      }
      const priced = checkAndPrice(await findProduct(trx, input.productId), input);
      const { product, charge, supplierId } = priced;
      const t = now();
      let row = await insertOrder(trx, orderValues(appKey, input, priced, t));
      // Debit first: a buyer who cannot pay never holds codes another buyer is waiting for.
      const buyer = await debitReturningUser(
        trx,
        input.userId,
        charge.price,
        placeOrderMessages.ledgerInfo(product.name),
        { type: 'order', id: row.id },
      );
      let soldOut = false;
      if (product.delivery === 'stock') {
        const sale = await sellFromStock(trx, appKey, product, charge.quantity, row.id, t);
        soldOut = sale.soldOut;
        row = await deliverNow(trx, appKey, row.id, sale.codes);
      }
      if (supplierId !== null) await insertForward(trx, row.id, supplierId, t);
      return {
        order: toOrderDto(row, appKey),
        user: toUserDto(buyer),
        replayed: false,
        soldOut,
        forwarded: supplierId !== null,
      };
    });
  } catch (err) {
    // Two requests with one key at once: the loser's insert hits the unique constraint after the
    // winner commits, and its transaction is gone; answer with the winner's order.
    if (key && isDuplicateKey(err)) {
      const earlier = await findOrderByKey(db, input.userId, key);
      if (earlier) return replay(db, appKey, earlier, input);
    }
    throw err;
  }
}

/** Product rows by id, kept a few seconds (the app's `caches.productRows`). */
export type ProductRowCache = Memo<number, { row: ProductRow | undefined }>;

/**
 * PostgreSQL, an order delivered by hand (most orders): the debit, the order and its ledger line
 * as one statement (`payForNewOrder`), no BEGIN or COMMIT, priced from the product row as this
 * instance last read it. Each statement of a transaction is a round trip that holds a pooled
 * connection and costs the event loop a socket write that wakes the database; profiled under 200
 * buyers, the six of an order were most of its CPU (docs/decisions.md). The statement writes only
 * while the product and its category still read as the row it was priced from
 * (`productUnchanged`), so a cached row never charges a changed price. null: the transactional
 * path decides from a fresh read (a stock or supplier product, a refusal, or nothing written: a
 * short balance or a catalog that changed meanwhile).
 */
async function placeInOneStatement(
  db: DB,
  appKey: Buffer,
  input: PlaceOrderInput,
  productRows: ProductRowCache | undefined,
): Promise<PlacedOrder | null> {
  const id = input.productId;
  const product = productRows
    ? (await productRows.get(id, async () => ({ row: await findProduct(db, id) }))).row
    : await findProduct(db, id);
  if (product?.delivery !== 'manual') return null;
  let priced: ReturnType<typeof checkAndPrice>;
  try {
    priced = checkAndPrice(product, input);
  } catch {
    return null;
  }
  const paid = await insertPaidOrder(db, {
    order: orderValues(appKey, input, priced, now()),
    info: placeOrderMessages.ledgerInfo(product.name),
    product,
  });
  if (!paid) return null;
  return { order: toOrderDto(paid.order, appKey), user: toUserDto(paid.buyer), replayed: false };
}

/** A stock order is accepted in its own transaction, with its codes and the customer's notice. */
async function deliverNow(trx: DB, appKey: Buffer, orderId: number, codes: string[]) {
  const row = await markDelivered(trx, orderId, sealOrderCodes(appKey, codes));
  const notice = deliveryNotice.delivered(row.id, row.product_name);
  await notify(trx, row.user_id, notice.title, notice.msg, row.id);
  return row;
}

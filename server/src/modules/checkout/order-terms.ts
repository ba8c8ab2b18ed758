import type { Sealer } from '../../kernel/sealing';
import type { Order, ProductForm, User } from '@raseed/contract';
import { moneyToString, multiplyMoney, orderMessages, priceChangedMessages, productForm } from '@raseed/contract';
import { isForSale, pricedRow } from '../catalog';
import type { ProductRow, StorefrontPricing } from '../catalog';
import { AppError } from '../../kernel/errors';
import type { Memo } from '../../kernel/memo';
import type { NewOrder } from '../orders';

// What an order asks for, the checks it must pass and what it costs: shared by the transactional
// path (place-order.ts) and the one-statement path of PostgreSQL (place-in-one-statement.ts).

export type PlaceOrderInput = {
  userId: number;
  /** The storefront the order is placed on: its prices are charged, and the order remembers it. */
  storefrontId: number;
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

/** What follows a sale (a sold-out catalog, a woken supplier worker) leaves as after-commit effects. */
export type PlacedOrder = { order: Order; user: User; replayed: boolean };

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

/** A supplier product names its supplier and the product there; without both it is not for sale. */
function supplierOf(product: ProductRow): number | null {
  return product.delivery === 'supplier' && product.supplier_id !== null && product.supplier_product_id
    ? product.supplier_id
    : null;
}

/** How a storefront sells a product (catalog's `ruleOf`): at what markup, and whether it hides it. */
export type SellingRule = { markupBp: number; hidden: boolean };

type Priced = {
  charge: Charge;
  /** What the provider's price of the same purchase is (USD micros): the order keeps it beside `charge.price`. */
  providerPrice: number;
  markupBp: number;
  supplierId: number | null;
};

/**
 * The checks every order passes on the product as it is now, and what it costs on the storefront
 * (`rule`); throws the refusal the customer sees. A product the storefront hides (no rule: a
 * storefront that no longer exists) is refused as one that does not exist.
 */
export function checkAndPrice(
  product: ProductRow | undefined,
  rule: SellingRule | undefined,
  input: PlaceOrderInput,
): Priced & { product: ProductRow } {
  if (!product || !rule || rule.hidden)
    throw AppError.fields({ [input.form === 'fixed' ? 'productId' : 'product_id']: [placeOrderMessages.notFound] });
  if (!isForSale(product)) throw new AppError('product_unavailable', placeOrderMessages.unavailable);
  if (productForm({ type: product.type, free: product.free === 1 }) !== input.form) {
    throw new AppError('product_unavailable', placeOrderMessages.wrongForm);
  }
  const charge = priceOf(pricedRow(product, rule.markupBp), input.form, input.quantity);
  const providerPrice = rule.markupBp === 0 ? charge.price : priceOf(product, input.form, input.quantity).price;
  // A zero or absurd price is a catalog mistake; refuse rather than give the item away.
  if (!Number.isSafeInteger(charge.price) || charge.price <= 0)
    throw new AppError('product_unavailable', placeOrderMessages.unavailable);
  // Never charge a price the customer did not see: they confirm the new one and send again.
  if (input.expectedPrice !== null && input.expectedPrice !== charge.price) {
    const price = moneyToString(charge.price);
    throw new AppError('price_changed', priceChangedMessages.changed(`${price} $`), undefined, { price });
  }
  const supplierId = supplierOf(product);
  if (product.delivery === 'supplier' && supplierId === null)
    throw new AppError('product_unavailable', placeOrderMessages.unavailable);
  return { product, charge, providerPrice, markupBp: rule.markupBp, supplierId };
}

/** The order row as it is first stored: pending, paid `charge`. */
export function orderValues(
  sealer: Sealer,
  input: PlaceOrderInput,
  { product, charge, providerPrice, supplierId }: Priced & { product: ProductRow },
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
    secret: isAccount && input.second ? sealer.seal(input.second) : null,
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
    storefront_id: input.storefrontId,
    provider_price: providerPrice,
  };
}

/** Product rows by id, kept a few seconds (the app's `caches.productRows`). */
export type ProductRowCache = Memo<number, { row: ProductRow | undefined }>;

/**
 * What PostgreSQL's one-statement order is priced from without a read of its own: product rows
 * and each storefront's prices as this instance last read them; the statement re-checks both.
 */
export type OrderReadCaches = {
  productRows: ProductRowCache;
  pricing: (storefrontId: number) => Promise<StorefrontPricing>;
};

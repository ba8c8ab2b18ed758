import type { AdminCharge, AdminOrder, AdminProduct, AdminSupplier, User } from '@raseed/contract';
import { testUser } from './fixtures';
import { json } from './mock-api';

export const operatorUser: User = {
  ...testUser,
  id: 1,
  name: 'المشرف',
  role: 'operator',
  is_enable2fa: false,
  storefront_id: null,
};

const customer = { id: 7, name: 'سارة', email: 'sara@example.com', phone: '+963900000000' };
const paginate: { nextPage: number | null; backPage: number | null } = { nextPage: null, backPage: null };

export const pendingTopup: AdminCharge = {
  id: 5,
  user: customer,
  storefront_id: 1,
  bank: { id: 1, name: 'بنك البركة' },
  amount: '25.50',
  img: '/public/api/v1/receipts/abc.png?expires=1&sig=x',
  status: 'pending',
  reason: null,
  created_at: '2026-11-21T10:00:00.000Z',
  decided_at: null,
  decided_by: null,
  transfer_ref: null,
  duplicate_of: null,
  flags: [],
  currency: 'USD',
  rate: '1.00',
  amount_local: '25.50',
};

export const pendingOrder: AdminOrder = {
  id: 12,
  status: 'pending',
  product: { id: 3, name: '660 شدة', type: 'id' },
  price: '9.50',
  price_syr: '0.00',
  price_tr: '0.00',
  storefront_id: 1,
  provider_price: '9.50',
  data: '5123456789',
  data2: 'PlayerOne',
  phone: null,
  quantity: 1,
  cancel_msg: null,
  message: null,
  note: null,
  account_password: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  api: false,
  codes: [],
  delivery: 'manual',
  fulfilment: {
    delivery: 'manual',
    supplier: null,
    upstream_order_id: null,
    state: null,
    attempts: 0,
    last_error: null,
    next_attempt_at: null,
  },
  user: customer,
};

/** A forwarded order the supplier refused: it waits for the operator. */
export const attentionOrder: AdminOrder = {
  ...pendingOrder,
  id: 31,
  product: { id: 8, name: 'بطاقة جوجل بلاي 10$', type: 'code' },
  delivery: 'supplier',
  fulfilment: {
    delivery: 'supplier',
    supplier: { id: 2, name: 'متجر الجملة' },
    upstream_order_id: 'UP-5521',
    state: 'attention',
    attempts: 3,
    last_error: 'رصيدك لدى المورد غير كافٍ',
    next_attempt_at: null,
  },
};

export const stockProduct: AdminProduct = {
  id: 9,
  category_id: 2,
  department_id: null,
  name: 'بطاقة آيتونز 10$',
  img: null,
  available: true,
  price: '10.50',
  price_syr: '0.00',
  price_tr: '0.00',
  is_discount: false,
  discount: 0,
  info: '',
  type: 'code',
  free: false,
  min: 1,
  max: 1,
  unit_price: '0.00',
  unit_price_tr: '0.00',
  player_resolver: null,
  keywords: 'itunes',
  sort: 0,
  in_stock: true,
  redeem_instructions: null,
  delivery: 'stock',
  low_stock_threshold: 5,
  supplier_id: null,
  supplier_product_id: null,
  stock: { available: 3, sold: 12 },
};

export const supplier: AdminSupplier = {
  id: 2,
  name: 'متجر الجملة',
  kind: 'raseed',
  base_url: 'https://wholesale.example.com',
  email: 'buyer@raseed.example',
  has_password: true,
  has_token: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const ok = <T>(data: T) => ({ status: 'success', data });
export const topupsReply = (charges: AdminCharge[]) => ok({ charges, paginate });
export const ordersReply = (orders: AdminOrder[]) => ok({ orders, paginate });
export const statsReply = ok({
  stats: { pending_charges: 1, open_orders: 1, cancel_requests: 0, attention_orders: 2, low_stock_products: 1 },
});
export { paginate };

/** A POST /products handler that hands over the form it received and answers 201 with `product`. */
export function productCreated(product: AdminProduct, received: (form: FormData) => void) {
  return async (request: Request) => {
    received(await request.formData());
    return json(ok({ product }), 201);
  };
}

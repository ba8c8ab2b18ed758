import type { AdminCharge, AdminOrder, User } from '@raseed/contract';
import { testUser } from '@/testing/fixtures';

export const operatorUser: User = { ...testUser, id: 1, name: 'المشرف', role: 'operator', is_enable2fa: false };

const customer = { id: 7, name: 'سارة', email: 'sara@example.com', phone: '+963900000000' };
const paginate = { nextPage: null, backPage: null };

export const pendingCharge: AdminCharge = {
  id: 5,
  user: customer,
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
};

export const pendingOrder: AdminOrder = {
  id: 12,
  status: 'pending',
  product: { id: 3, name: '660 شدة', type: 'id' },
  price: '9.50',
  price_syr: '0.00',
  price_tr: '0.00',
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
  user: customer,
};

export const ok = <T>(data: T) => ({ status: 'success', data });
export const chargesReply = (charges: AdminCharge[]) => ok({ charges, paginate });
export const ordersReply = (orders: AdminOrder[]) => ok({ orders, paginate });
export const statsReply = ok({ stats: { pending_charges: 1, open_orders: 1, cancel_requests: 0 } });

import type { Order } from '@raseed/contract';
import { testUser } from '@/testing/fixtures';

export function makeOrder(over: Partial<Order> = {}): Order {
  return {
    id: 41,
    status: 'pending',
    product: { id: 3, name: 'شدات ببجي 60' },
    price: '1.25',
    data: '5123456789',
    phone: null,
    quantity: 1,
    cancel_msg: null,
    message: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    api: false,
    codes: [],
    delivery: 'manual',
    ...over,
  };
}

export function ordersPage(
  orders: Order[],
  paginate = { nextPage: null as number | null, backPage: null as number | null, nextBefore: null as number | null },
) {
  return { status: 'success', data: { orders, paginate } };
}

export const userWithBalance = (balance: string) => ({ ...testUser, balance });

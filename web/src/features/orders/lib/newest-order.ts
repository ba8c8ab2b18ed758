import type { Order } from '@raseed/contract';

/** The newest of several readings of one order (list, poll, cancel reply), by its update time. */
export function newestOrder(...orders: Array<Order | null | undefined>): Order {
  return orders.reduce<Order | null>((a, b) => (b && (!a || b.updated_at >= a.updated_at) ? b : a), null)!;
}

import type { Order } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../db/database';

/**
 * An order as its customer sees it. The account password of `account` orders (`secret`) is
 * never part of it; `data` is the first field the customer entered (player id, username, link).
 */
export function toOrderDto(row: Selectable<OrdersTable>): Order {
  return {
    id: row.id,
    status: row.status,
    product: { id: row.product_id, name: row.product_name },
    price: moneyToString(row.price),
    data: row.data,
    phone: row.phone,
    quantity: row.quantity,
    cancel_msg: row.cancel_msg,
    message: row.message,
    created_at: row.created_at,
    updated_at: row.updated_at,
    api: row.api === 1,
    codes: [],
    delivery: 'manual',
  };
}

import type { Sealer } from '../../kernel/sealing';
import type { Order } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/database';
import { openOrderCodes } from './order-codes';

/**
 * An order as its customer sees it. The account password of `account` orders (`secret`) is
 * never part of it; `data` is the first field the customer entered (player id, username, link).
 * Delivered codes are decrypted for the buyer; `message` carries them too, so a client written
 * against the spec (which only knows `message`) shows them.
 */
export function toOrderDto(row: Selectable<OrdersTable>, sealer: Sealer): Order {
  const codes = openOrderCodes(sealer, row.codes_enc);
  return {
    id: row.id,
    status: row.status,
    product: { id: row.product_id, name: row.product_name },
    price: moneyToString(row.price),
    data: row.data,
    phone: row.phone,
    quantity: row.quantity,
    cancel_msg: row.cancel_msg,
    message: withCodes(row.message, codes),
    created_at: row.created_at,
    updated_at: row.updated_at,
    api: row.api === 1,
    codes,
    delivery: row.delivery,
  };
}

function withCodes(message: string | null, codes: string[]): string | null {
  if (!codes.length) return message;
  const list = codes.join('\n');
  return message ? `${message}\n${list}` : list;
}

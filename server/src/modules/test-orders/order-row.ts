import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/database';
import type { TestOrderRow } from './repository';

/**
 * A test order in the live order's row shape, so the one renderer (the orders module's DTO, the
 * webhooks' body) shows both alike; `livemode: false` rides along for the webhook body.
 */
export function asOrderRow(row: TestOrderRow): Selectable<OrdersTable> & { livemode: false } {
  return {
    id: row.id,
    user_id: row.user_id,
    product_id: row.product_id,
    product_name: row.product_name,
    status: row.status,
    price: row.price,
    price_syr: 0,
    price_tr: 0,
    quantity: row.quantity,
    data: row.data,
    data2: null,
    secret: null,
    phone: null,
    note: null,
    api: 1,
    message: row.message,
    cancel_msg: row.cancel_msg,
    idempotency_key: row.idempotency_key,
    created_at: row.created_at,
    updated_at: row.updated_at,
    delivery: row.codes_enc ? 'stock' : 'manual',
    codes_enc: row.codes_enc,
    // Neither is shown to the customer, and a test order counts in no storefront's figures.
    storefront_id: 1,
    provider_price: null,
    livemode: false,
  };
}

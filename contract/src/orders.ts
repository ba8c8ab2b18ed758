import { z } from 'zod';
import { rowId } from './fields';
import { user } from './auth';
import { isoDate, money, paginate, successReply } from './envelope';

export const orderStatus = z.enum(['pending', 'success', 'cancel', 'request_cancel', 'wait']);
export type OrderStatus = z.infer<typeof orderStatus>;

export const order = z
  .object({
    id: z.number().int(),
    status: orderStatus,
    product: z.object({ id: z.number().int(), name: z.string() }),
    price: money,
    data: z.string().nullable(),
    phone: z.string().nullable(),
    quantity: z.number().int(),
    cancel_msg: z.string().nullable(),
    message: z.string().nullable(),
    created_at: isoDate,
    updated_at: isoDate,
    api: z.boolean(),
    /** Codes delivered with the order (stock or supplier delivery); empty until delivered. */
    codes: z.array(z.string()),
    /** How the order is fulfilled: by an operator, from the store's code stock, or by a supplier. */
    delivery: z.enum(['manual', 'stock', 'supplier']),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

/**
 * The order's own message, without the delivered codes the server appends to it for spec
 * clients (which know only `message`): a client that shows `codes` shows them once.
 */
export function messageWithoutCodes(message: string | null, codes: string[]): string | null {
  if (!message || !codes.length) return message;
  const list = codes.join('\n');
  if (message === list) return null;
  return message.endsWith(`\n${list}`) ? message.slice(0, -list.length - 1) : message;
}

/**
 * Paging the spec's way (page numbers, null when there is no such page) made stable with a
 * keyset: `before` bounds a page to ids below it, and every reply names the `nextBefore` to pass
 * with `nextPage`. New rows (ids above the bound) and status changes on earlier pages then never
 * shift a later page. Without `before`, page N falls back to plain offset paging.
 */
export const keysetPaginate = paginate
  .extend({
    nextBefore: z.number().int().nullable().meta({ description: 'pass as `before` together with nextPage' }),
  })
  .meta({ id: 'KeysetPaginate' });
export type KeysetPaginate = z.infer<typeof keysetPaginate>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  before: rowId.optional(),
});

/** `status` is one of the five, or absent / empty / "all" for every status. */
export const ordersQuery = pageQuery.extend({
  status: orderStatus.or(z.enum(['all', ''])).optional(),
  search: z.string().trim().max(100).optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

export const ordersReply = successReply(z.object({ orders: z.array(order), paginate: keysetPaginate }));
export type OrdersReply = z.infer<typeof ordersReply>;

/** One step of an order's status history: the status it entered and when. */
export const orderHistoryEntry = z.object({ status: orderStatus, at: isoDate }).meta({ id: 'OrderHistoryEntry' });
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

/**
 * `user` comes along once the order has left `pending` (its decision may have moved the balance).
 * `history` and `refunded` feed the order's own page; optional only for older servers.
 */
export const orderReply = successReply(
  z.object({
    order,
    user: user.optional(),
    history: z.array(orderHistoryEntry).optional().meta({ description: 'status history, oldest first' }),
    refunded: money.optional().meta({ description: 'what the ledger gave back for this order' }),
    redeem_instructions: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "the product's steps for using the delivered code, null when none" }),
  }),
);
export type OrderReply = z.infer<typeof orderReply>;

/** The spec's `data.order`, plus the fresh `user` so the top bar shows a refund at once. */
export const cancelOrderReply = successReply(z.object({ order, user: user.optional() }));
export type CancelOrderReply = z.infer<typeof cancelOrderReply>;

import { z } from 'zod';
import { isoDate, money } from './envelope';

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
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof order>;

import { z } from 'zod';
import { money } from './envelope';

export const category = z
  .object({ id: z.number().int(), name: z.string(), img: z.string().nullable(), available: z.boolean() })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof category>;

export const department = z
  .object({ id: z.number().int(), name: z.string(), img: z.string().nullable() })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof department>;

export const productType = z.enum(['id', 'account', 'code', 'other']);
export type ProductType = z.infer<typeof productType>;

export const product = z
  .object({
    id: z.number().int(),
    name: z.string(),
    img: z.string().nullable(),
    available: z.boolean(),
    price: money,
    price_syr: money,
    price_tr: money,
    is_discount: z.boolean(),
    /** Percentage off shown on the card; `price` is already the discounted price. */
    discount: z.number().int(),
    info: z.string(),
    type: productType,
    free: z.boolean(),
    min: z.number().int(),
    max: z.number().int(),
    unit_price: money,
    unit_price_tr: money,
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

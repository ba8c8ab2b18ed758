import { z } from 'zod';
import { rowId } from './fields';
import { latinDigits } from './digits';
import { money, successReply } from './envelope';

export const category = z
  .object({
    id: z.number().int(),
    name: z.string(),
    img: z.string().nullable(),
    available: z.boolean(),
    /** Other names to search by (a Latin name, nicknames); the store search matches them too. */
    keywords: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof category>;

export const department = z
  .object({ id: z.number().int(), name: z.string(), img: z.string().nullable() })
  .meta({ id: 'Department' });
export type Department = z.infer<typeof department>;

export const SEARCH_MAX = 100;
export const SEARCH_GROUP_MAX = { categories: 12, departments: 12, products: 24 } as const;

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
    /** False when a product delivered from the store's code stock has no code left ("نفدت الكمية"). */
    in_stock: z.boolean(),
    /** The operator's steps for using what the product delivers (where to enter a code); null: none. */
    redeem_instructions: z.string().nullable(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;

/**
 * Which order form a product takes (spec section 2, product page): `code` products are ordered
 * directly, `free` products by quantity, everything else as one fixed item. The server applies
 * the same rule, so a form posted for the wrong kind of product is refused.
 */
export type ProductForm = 'fixed' | 'free' | 'code';
export function productForm(p: Pick<Product, 'type' | 'free'>): ProductForm {
  if (p.type === 'code') return 'code';
  return p.free ? 'free' : 'fixed';
}

export const categoriesReply = successReply(z.object({ categories: z.array(category) }));
export type CategoriesReply = z.infer<typeof categoriesReply>;

/** `category` and `department` name the page; the spec's fields are the two lists. */
export const categoryReply = successReply(
  z.object({ category, departments: z.array(department), products: z.array(product) }),
);
export type CategoryReply = z.infer<typeof categoryReply>;

export const departmentReply = successReply(z.object({ department, products: z.array(product) }));
export type DepartmentReply = z.infer<typeof departmentReply>;

export const productReply = successReply(z.object({ product }));
export type ProductReply = z.infer<typeof productReply>;

/** What an operator adds for the store search to find a product or category by (a Latin name, nicknames). */
export const KEYWORDS_MAX = 300;

/** GET /search?q=: what the customer typed, digits made Latin; a blank search finds nothing. */
export const searchQuery = z.object({
  q: z
    .preprocess(
      (v) => (typeof v === 'string' ? latinDigits(v) : v),
      z.string().trim().max(SEARCH_MAX, `نص البحث طويل، ${SEARCH_MAX} حرف على الأكثر`),
    )
    .default(''),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A department found by the search, with the category it sits in (two games may both have "جواهر"). */
export const searchDepartment = department
  .extend({ category_id: z.number().int(), category_name: z.string() })
  .meta({ id: 'SearchDepartment' });
export type SearchDepartment = z.infer<typeof searchDepartment>;

/** The search's finds, grouped by kind, best first; each group holds at most `SEARCH_GROUP_MAX[kind]`. */
export const searchReply = successReply(
  z.object({
    categories: z.array(category),
    departments: z.array(searchDepartment),
    products: z.array(product),
  }),
);
export type SearchReply = z.infer<typeof searchReply>;

/** The name a supplier could not resolve; kept in English as the suppliers send it. */
export const PLAYER_NOT_FOUND = 'Not Found';

export const checkPlayerRequest = z.object({
  player_id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? latinDigits(v) : v),
    z.string({ error: 'يرجى إدخال رقم اللاعب' }).trim().min(1, 'يرجى إدخال رقم اللاعب').max(100),
  ),
  product_id: rowId,
});
export type CheckPlayerRequest = z.infer<typeof checkPlayerRequest>;

/** `player_name` at the top level as the spec reads it, and under `data` like every other reply. */
export const checkPlayerReply = z.object({
  status: z.literal('success'),
  player_name: z.string(),
  data: z.object({ player_name: z.string() }),
});
export type CheckPlayerReply = z.infer<typeof checkPlayerReply>;

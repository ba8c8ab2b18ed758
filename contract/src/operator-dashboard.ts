import { z } from 'zod';
import { money, successReply } from './envelope';
import { orderStatus } from './orders';
import { storefrontFilter } from './storefronts';

/** The operator dashboard (GET /admin/api/v1/dashboard): a store owner's morning read. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  DAY.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** Longest range one request may ask for; a year of days is still one small reply. */
export const DASHBOARD_MAX_DAYS = 366;

export const dayText = z.string().refine(isDay, 'يرجى إدخال تاريخ بالشكل YYYY-MM-DD');

/**
 * A range of whole days in the operator's time zone (`tz`: minutes east of UTC, as the browser
 * knows it), both ends included. Without `from`/`to` the last 7 days up to today.
 */
export const dateRangeQuery = z
  .object({
    from: dayText.optional(),
    to: dayText.optional(),
    tz: z.coerce
      .number({ error: 'يرجى إدخال فرق التوقيت بالدقائق' })
      .int('يرجى إدخال فرق التوقيت بالدقائق')
      .min(-840)
      .max(840)
      .default(0),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية',
    path: ['from'],
  })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < DASHBOARD_MAX_DAYS, {
    message: `أطول مدة ممكنة ${DASHBOARD_MAX_DAYS} يوماً`,
    path: ['to'],
  });
export type DateRangeQuery = z.infer<typeof dateRangeQuery>;

/** The dashboard's range, for every storefront or one (`?storefront=`; a storefront's staff: theirs). */
export const dashboardQuery = dateRangeQuery.and(z.object({ storefront: storefrontFilter }));

const sum = z.object({ count: z.number().int(), total: money });

/**
 * What accepted orders (status success, as `sales`: a refunded order is cancelled and counts in
 * none) and number purchases that received a code (status received: the only one never refunded)
 * brought in, from what each kept when it was bought: a markup changed later changes none of it.
 */
const marginSum = z.object({
  count: z.number().int().meta({ description: 'accepted orders and number purchases that received a code' }),
  sales: money.meta({ description: 'what the customers paid for them: the sum of their price' }),
  provider_price: money.meta({
    description:
      "the provider's price of the same purchases (the sum of their provider_price; one bought before " +
      "storefront prices counts its price): the provider's revenue, the storefront's cost",
  }),
  margin: money.meta({ description: 'sales − provider_price: what the storefronts kept above the provider’s price' }),
});

export const dashboard = z
  .object({
    range: z.object({ from: z.string(), to: z.string(), tz: z.number().int() }),
    storefront: z
      .number()
      .int()
      .nullable()
      .meta({ description: "the storefront every figure is for; null: every storefront's together" }),
    /** Sales are accepted orders (status success), by the day they were placed. */
    sales: sum,
    sales_by_day: z.array(sum.extend({ day: z.string() })),
    /** Hour of the day (0–23, operator's time zone) across the range. */
    sales_by_hour: z.array(sum.extend({ hour: z.number().int() })),
    orders_by_status: z.array(z.object({ status: orderStatus, count: z.number().int() })),
    top_products: z.array(sum.extend({ id: z.number().int(), name: z.string() })),
    top_categories: z.array(sum.extend({ id: z.number().int().nullable(), name: z.string() })),
    topups: z.object({ approved: sum, rejected: sum, pending: sum }),
    topups_by_day: z.array(z.object({ day: z.string(), approved: z.number().int(), rejected: z.number().int() })),
    new_customers: z.object({
      count: z.number().int(),
      by_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
    margins: z
      .object({
        total: marginSum.meta({ description: 'the figures of every storefront asked for, together' }),
        by_storefront: z
          .array(
            marginSum.extend({
              storefront_id: z.number().int(),
              name: z.string().meta({ description: "the operator's name for the storefront" }),
            }),
          )
          .meta({
            description:
              'one row per storefront, by id (every storefront, zero when quiet); only the one asked for ' +
              "with ?storefront= or for a storefront's staff",
          }),
      })
      .meta({
        description:
          "sales, the provider's price and the margin of the range's accepted orders and number purchases " +
          '(`sales` above counts the orders only)',
      }),
    /** Right now, whatever the range: how long the oldest open order and pending top-up have waited. */
    oldest_pending: z.object({
      order: z.object({ id: z.number().int(), seconds: z.number().int() }).nullable(),
      topup: z.object({ id: z.number().int(), seconds: z.number().int() }).nullable(),
    }),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;
export const dashboardReply = successReply(z.object({ dashboard }));

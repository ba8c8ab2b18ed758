/**
 * The dashboard's summaries (migration 2026-11-26-12-dashboard-summaries): rows created before
 * `dashboard_summaries.until` counted per UTC hour, and sales per product and UTC day. Triggers
 * keep them right when such a row changes; `n` can reach 0 (read as no row). Each is per storefront
 * (migration 2026-11-26-28-storefront-sums): an order's own, a top-up's and a customer's the
 * customer's (0: an operator's, who belongs to none).
 */
export interface OrdersByHourTable {
  /** `created_at`'s first 13 characters: YYYY-MM-DDTHH. */
  at_hour: string;
  storefront_id: number;
  status: string;
  n: number;
  total: number;
  /** The same orders' provider's price (`provider_price`, null read as `price`). */
  provider_total: number;
}

/**
 * Number purchases by hour, storefront and status (migration 2026-11-26-31-number-purchase-sums),
 * with the price charged and the provider's price, in the orders' columns.
 */
export type NumbersByHourTable = OrdersByHourTable;

export interface ChargesByHourTable {
  at_hour: string;
  storefront_id: number;
  status: string;
  n: number;
  total: number;
}

/** Customers (role customer) by the hour they signed up. */
export interface CustomersByHourTable {
  at_hour: string;
  storefront_id: number;
  n: number;
}

/** Accepted (success) orders per product and UTC day (YYYY-MM-DD). */
export interface SalesByProductDayTable {
  at_day: string;
  storefront_id: number;
  product_id: number;
  n: number;
  total: number;
}

/** One row (id 1): rows created before `until`, a UTC midnight, are in the summaries. */
export interface DashboardSummariesTable {
  id: number;
  until: string;
}

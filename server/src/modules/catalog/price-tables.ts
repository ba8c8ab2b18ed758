/**
 * A storefront's own rule for one category or product (migration 2026-11-26-25-storefront-prices),
 * merged into the database's type. No row: the wider rule applies and it is shown.
 */
export interface StorefrontPricesTable {
  storefront_id: number;
  kind: 'category' | 'product';
  target_id: number;
  /** Basis points over the provider's price (1 % = 100); null: the category's or the storefront's. */
  markup_bp: number | null;
  /** 1: absent from this storefront's catalog and not sold there. */
  hidden: number;
  updated_at: string;
}

declare module '../../db/database' {
  interface Database {
    storefront_prices: StorefrontPricesTable;
  }
}

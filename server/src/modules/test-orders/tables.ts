import type { Generated } from 'kysely';

/** Orders placed with a test key (migration 2026-11-26-20-test-orders), merged into the database's type. */
export interface TestOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  product_name: string;
  status: 'pending' | 'success' | 'cancel';
  /** Taken from the test balance, in the balance currency (USD micros); a rejection gives it back. */
  price: number;
  quantity: number;
  data: string | null;
  message: string | null;
  cancel_msg: string | null;
  /** A code product's test code, sealed like a live order's codes so one renderer shows both. */
  codes_enc: string | null;
  idempotency_key: string | null;
  /** When a "later" outcome (player data ending 0002) is delivered; null once decided. */
  due_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A customer's play balance for test mode, opened at 1,000 $ on first use. */
export interface TestBalancesTable {
  user_id: number;
  balance: number;
  updated_at: string;
}

declare module '../../db/database' {
  interface Database {
    test_orders: TestOrdersTable;
    test_balances: TestBalancesTable;
  }
}

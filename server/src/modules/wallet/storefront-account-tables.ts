import type { Generated } from 'kysely';

/** A storefront's account with the provider (migration 2026-11-26-26-storefront-accounts); none for storefront 1. */
export interface StorefrontAccountsTable {
  storefront_id: number;
  /** USD micros; may be negative down to `-credit_limit`. */
  balance: Generated<number>;
  /** How far below zero the provider lets the balance go (0: not at all). */
  credit_limit: Generated<number>;
  /** Orders and number purchases refused because the account could not cover them. */
  refused_count: Generated<number>;
  last_refused_at: string | null;
  /** The provider's price of the last refused purchase. */
  last_refused_price: number | null;
  /** The last order and number ids before the accounts existed: `ledger:verify` checks the later ones. */
  orders_from: Generated<number>;
  numbers_from: Generated<number>;
  updated_at: string;
}

/**
 * PostgreSQL: shares of a storefront's balance its purchases take their debits from at COMMIT,
 * side by side (migration 2026-11-26-34-storefront-account-slots); never below zero. The
 * account's balance is its row's plus these. SQLite has none.
 */
export interface StorefrontAccountSlotsTable {
  storefront_id: number;
  slot: number;
  balance: Generated<number>;
}

export type StorefrontLedgerRef = 'order' | 'order_refund' | 'number' | 'number_refund' | 'adjust';

/** One change of a storefront's account, with the running total, as the customers' `ledger`. */
export interface StorefrontLedgerTable {
  id: Generated<number>;
  storefront_id: number;
  credit: number;
  debit: number;
  /**
   * The account's balance after this line; null on PostgreSQL, whose lines commit side by side
   * (migration 2026-11-26-34-storefront-account-slots): there the console works it out.
   */
  balance_after: number | null;
  reason: string;
  ref_type: StorefrontLedgerRef;
  /** The order or number purchase; null for an operator's credit or debit. */
  ref_id: number | null;
  /** The operator who credited or debited; null for a purchase and its reversal. */
  actor_id: number | null;
  created_at: string;
}

/**
 * The account's `refused_count` a user had seen when they last marked its refusals seen (migration
 * 2026-11-26-32-refusals-seen): the refusals counted since are news to them.
 */
export interface StorefrontRefusalsSeenTable {
  user_id: number;
  storefront_id: number;
  refused_count: number;
  seen_at: string;
}

declare module '../../db/database' {
  interface Database {
    storefront_accounts: StorefrontAccountsTable;
    storefront_ledger: StorefrontLedgerTable;
    storefront_account_slots: StorefrontAccountSlotsTable;
    storefront_refusals_seen: StorefrontRefusalsSeenTable;
  }
}

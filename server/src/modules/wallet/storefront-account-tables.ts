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

export type StorefrontLedgerRef = 'order' | 'order_refund' | 'number' | 'number_refund' | 'adjust';

/** One change of a storefront's account, with the running total, as the customers' `ledger`. */
export interface StorefrontLedgerTable {
  id: Generated<number>;
  storefront_id: number;
  credit: number;
  debit: number;
  balance_after: number;
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
    storefront_refusals_seen: StorefrontRefusalsSeenTable;
  }
}

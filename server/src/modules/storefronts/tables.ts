import type { Generated } from 'kysely';

/** Storefronts (migration 2026-11-26-22-storefronts), merged into the database's type. */
export interface StorefrontsTable {
  id: Generated<number>;
  /** The operator's name for it; a new storefront's settings start with it as the store's name. */
  name: string;
  /** Basis points over the provider's price (1 % = 100): what its catalog sells at (catalog/storefront-pricing.ts). */
  markup_bp: Generated<number>;
  /** 0: its hosts and origins answer 404. Storefront 1 is always 1. */
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A host name (lower case, no port) and the one storefront it belongs to. */
export interface StorefrontHostsTable {
  host: string;
  storefront_id: number;
}

/** An origin (`https://shop.example.com`) whose pages may call the APIs as this storefront. */
export interface StorefrontOriginsTable {
  origin: string;
  storefront_id: number;
}

/** One row (id 1): grows with every storefront change, so every instance reloads its map. */
export interface StorefrontChangesTable {
  id: number;
  generation: number;
}

declare module '../../db/database' {
  interface Database {
    storefronts: StorefrontsTable;
    storefront_hosts: StorefrontHostsTable;
    storefront_origins: StorefrontOriginsTable;
    storefront_changes: StorefrontChangesTable;
  }
}

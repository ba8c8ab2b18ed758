import type { Generated } from 'kysely';

/** The resellers' API keys (migration 2026-11-26-13-api-keys), merged into the database's type. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  mode: 'live' | 'test';
  /** The start of the token (`rsd_live_` and 6 characters), shown in lists. */
  prefix: string;
  /** HMAC-SHA-256 of the token with the key derived for it (token.ts); never the token. */
  token_hash: string;
  /** Which derived key made `token_hash` (its id), so a key ring can still find it after a rotation. */
  hash_key: string;
  /** JSON array of addresses and CIDR ranges; null: any address. */
  allowed_ips: string | null;
  created_at: string;
  /** Moved forward at most once a minute (authenticate.ts). */
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One row (id 1): grows with every change that must stop a cached key (migration 2026-11-26-21). */
export interface ApiKeyChangesTable {
  id: number;
  generation: number;
}

declare module '../../db/database' {
  interface Database {
    api_keys: ApiKeysTable;
    api_key_changes: ApiKeyChangesTable;
  }
}

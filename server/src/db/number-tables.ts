import type { Generated } from 'kysely';

/** Tables of number purchases (numbers/), joined into the Database interface in database.ts. */

export interface NumberProvidersTable {
  id: Generated<number>;
  name: string;
  base_url: string;
  /** The handler-API key, encrypted with the app key; never returned by the API. */
  api_key_enc: string;
  /** How long a number waits for its first code before it is cancelled and refunded. */
  window_minutes: number;
  synced_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NumberServicesTable {
  id: Generated<number>;
  provider_id: number;
  /** The provider's service code (`wa`, `tg`, …) and country code (`0`, `6`, …). */
  service: string;
  country: string;
  name: string;
  country_name: string;
  price: number;
  price_syr: number;
  price_tr: number;
  /** What the provider charges, from its price list (micros of its currency). */
  cost: number | null;
  available_count: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export type NumberStatus = 'waiting' | 'received' | 'cancelled' | 'refunded';
/** What the numbers worker still owes the provider for this purchase. */
export type NumberStep = 'get' | 'poll' | 'resend' | 'cancel' | 'finish' | 'done';

export interface NumberActivationsTable {
  id: Generated<number>;
  user_id: number;
  service_id: number;
  provider_id: number;
  name: string;
  price: number;
  status: NumberStatus;
  step: NumberStep;
  upstream_id: string | null;
  phone: string | null;
  /** JSON array of the codes received, oldest first. */
  codes: Generated<string>;
  /** Set (and committed) before asking for a number: an attempt whose answer was lost is known. */
  requested_at: string | null;
  expires_at: string | null;
  refunded_at: string | null;
  attempts: Generated<number>;
  next_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  idempotency_key: string | null;
  /** The request that queued this job: the worker logs under its id (kernel/request-context.ts). */
  req_id: string | null;
  created_at: string;
  updated_at: string;
  /** The storefront it was bought on; `price` is what that storefront charged. */
  storefront_id: Generated<number>;
  /** The service's provider price at that moment; null on purchases made before storefront prices: `price`. */
  provider_price: number | null;
}

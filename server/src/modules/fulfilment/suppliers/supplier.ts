/**
 * An upstream store our orders can be forwarded to. Each kind of upstream API is one file that
 * implements this interface (see raseed-supplier.ts) and is named in registry.ts.
 */
export type UpstreamState = 'pending' | 'accepted' | 'cancelled';

export type UpstreamOrder = {
  id: string;
  state: UpstreamState;
  message: string | null;
  codes: string[];
  /** Why upstream cancelled it, in its words. */
  reason: string | null;
};

export type ForwardRequest = {
  /** The product's id at the supplier. */
  productId: string;
  quantity: number;
  playerId: string | null;
  playerName: string | null;
  note: string | null;
  /** Derived from our order: a repeat after a crash or a timeout returns the first upstream order. */
  idempotencyKey: string;
  /** A previous attempt may have reached upstream: ask for the order by its key before sending again. */
  resume: boolean;
};

/** A webhook endpoint registered upstream: its id there and the `whsec_` secret shown once. */
export type UpstreamHook = { id: string; secret: string };

export interface Supplier {
  placeOrder(req: ForwardRequest): Promise<UpstreamOrder>;
  getOrder(upstreamId: string): Promise<UpstreamOrder>;
  /** The player's name, or null when upstream does not know the id. */
  checkPlayer(productId: string, playerId: string): Promise<string | null>;
  /** Our balance upstream, in micros of its balance currency. */
  balance(): Promise<number>;
  /**
   * Asks upstream to call `url` when one of our orders there changes; null when these
   * credentials cannot (a password sign-in: webhooks belong to API keys).
   */
  subscribe(url: string): Promise<UpstreamHook | null>;
  /** Removes an endpoint registered before (a new address replaced it); failures are ignored. */
  unsubscribe(hookId: string): Promise<void>;
  /** The order a verified webhook body speaks of, or null for an event that is not about an order. */
  readEvent(body: unknown): UpstreamOrder | null;
}

/**
 * Upstream trouble, with the Arabic text the operator reads. `retry` is true when trying again
 * later may succeed (network, timeout, 5xx, 429); false when upstream refused the request
 * itself (our balance there too low, a bad product id, rejected credentials).
 */
export class SupplierError extends Error {
  constructor(
    readonly retry: boolean,
    message: string,
  ) {
    super(message);
  }
}

export type SupplierCredentials = {
  baseUrl: string;
  email: string | null;
  password: string | null;
  token: string | null;
};

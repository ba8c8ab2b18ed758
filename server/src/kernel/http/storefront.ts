/**
 * The storefront a request belongs to. The app sets it before any route runs: on the public API
 * and the pages from the request's Host or Origin (modules/storefronts/resolve.ts), on the operator
 * API from its `?storefront=` (admin/index.ts). Modules read it here and never parse a host
 * themselves, so which storefront a request is for is decided in one place.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** 1, the provider's own store, unless the request was told apart as another. */
    storefrontId: number;
    /**
     * On the operator API, the storefront a list or a sum is limited to: `?storefront=`, or a
     * storefront's staff's own; null is every storefront (a provider's operator who named none).
     */
    storefrontFilter: number | null;
  }
  interface FastifyContextConfig {
    /**
     * The operator route is open to a storefront's staff, within their storefront; every other
     * operator route (the catalog, fulfilment, suppliers, keys, storefronts) is the provider's.
     */
    staff?: boolean;
  }
}

/** The provider's own store: everything that existed before storefronts is its. */
export const PROVIDER_STOREFRONT = 1;

/**
 * Whether a caller is a customer of another storefront than the request's: its token, API key and
 * everything reached through them are then no one's here (a 401 like an unknown token's).
 * Operators belong to no storefront and pass on every host; `requestStorefront` null is a request
 * that belongs to no storefront (the operator API).
 */
export function isOtherStorefrontsCustomer(
  caller: { role: 'customer' | 'operator'; storefrontId: number | null },
  requestStorefront: number | null,
): boolean {
  return requestStorefront !== null && caller.role === 'customer' && caller.storefrontId !== requestStorefront;
}

/**
 * The storefront a caller works for when the caller is a storefront's staff: an operator account
 * bound to one storefront. Null for the provider's operators (every storefront) and for customers.
 */
export function staffStorefront(
  caller: { role: 'customer' | 'operator'; storefrontId: number | null } | null,
): number | null {
  return caller?.role === 'operator' ? caller.storefrontId : null;
}

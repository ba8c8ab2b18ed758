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

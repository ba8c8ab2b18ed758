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

import { SessionCache } from './modules/accounts';
import { ApiKeyCache } from './modules/api-keys';
import { StorefrontDirectory } from './modules/storefronts';
import { CatalogCachesByStorefront, type ProductRow } from './modules/catalog';
import type { CachedReply } from './kernel/http-cache';
import { Memo } from './kernel/memo';
import { KeptCopies } from './kernel/kept-copies';
import type { StorefrontFace } from './modules/settings';

/** Settings and catalog replies live this long at most; the instance that takes a write drops them at once. */
export const READ_CACHE_TTL_MS = 5_000;

/**
 * Every in-memory cache of one app instance (`app.caches`), so two apps in one process (tests,
 * several stores) never share an entry and closing an app frees them.
 */
export type AppCaches = {
  sessions: SessionCache;
  /** API keys' lookups, a second at most (api-keys/key-cache.ts). */
  apiKeys: ApiKeyCache;
  /** Which storefront each host and origin belongs to (storefronts/directory.ts). */
  storefronts: StorefrontDirectory;
  /** GET /setting's reply per storefront. */
  settings: Memo<number, CachedReply>;
  /** Each storefront's settings and sliders as last read, for when a read fails (settings/face.ts). */
  settingsKept: KeptCopies<number, StorefrontFace>;
  /** The catalog's replies, search words and prices, per storefront (catalog/cached-replies.ts). */
  catalog: CatalogCachesByStorefront;
  /** `/products/{id}` pages with their link-preview tags, per product, storefront and site address (web.ts). */
  productPages: Memo<string, string>;
  /** index.html as each storefront other than the provider's paints it first (web.ts). */
  storefrontShells: Memo<number, string>;
  /** Product rows orders are priced from on PostgreSQL; every write re-checks them (place-in-one-statement.ts). */
  productRows: Memo<number, { row: ProductRow | undefined }>;
  /** Drops every settings and catalog reply (after an operator's write, a code that sold out). */
  invalidateReads(): void;
};

/** `provider`: storefront 1's origins (CORS_ORIGINS, PUBLIC_URL's) and host (PUBLIC_URL's) from the configuration. */
export function createAppCaches(
  provider: { origins: string[]; hosts: string[] } = { origins: [], hosts: [] },
): AppCaches {
  const ttlMs = READ_CACHE_TTL_MS;
  const reads = {
    settings: new Memo<number, CachedReply>({ ttlMs, max: 1_000 }),
    productPages: new Memo<string, string>({ ttlMs, max: 2_000 }),
    storefrontShells: new Memo<number, string>({ ttlMs, max: 1_000 }),
    productRows: new Memo<number, { row: ProductRow | undefined }>({ ttlMs, max: 20_000 }),
  };
  const catalog = new CatalogCachesByStorefront(() => ({
    categories: new Memo({ ttlMs, max: 1 }),
    category: new Memo({ ttlMs, max: 1_000 }),
    department: new Memo({ ttlMs, max: 5_000 }),
    product: new Memo({ ttlMs, max: 20_000 }),
    searchIndex: new Memo({ ttlMs, max: 1 }),
    pricing: new Memo({ ttlMs, max: 1 }),
  }));
  return {
    sessions: new SessionCache(),
    apiKeys: new ApiKeyCache(),
    storefronts: new StorefrontDirectory(provider),
    settingsKept: new KeptCopies(),
    ...reads,
    catalog,
    invalidateReads() {
      for (const memo of Object.values(reads)) memo.invalidate();
      catalog.invalidate();
    },
  };
}

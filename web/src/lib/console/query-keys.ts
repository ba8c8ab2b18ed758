/** Query keys of the operator area, in one factory so lists and their invalidations never drift apart. */
export const operatorKeys = {
  all: ['operator'] as const,
  stats: () => [...operatorKeys.all, 'stats'] as const,
  lowStock: () => [...operatorKeys.all, 'stats', 'low-stock'] as const,
  dashboard: (range?: object) => [...operatorKeys.all, 'dashboard', ...(range ? [range] : [])] as const,
  topup: (id: number) => [...operatorKeys.all, 'topups', 'one', id] as const,
  topups: (filter?: object) => [...operatorKeys.all, 'topups', ...(filter ? [filter] : [])] as const,
  orders: (filter?: object) => [...operatorKeys.all, 'orders', ...(filter ? [filter] : [])] as const,
  categories: () => [...operatorKeys.all, 'categories'] as const,
  departments: (categoryId?: number) =>
    [...operatorKeys.all, 'departments', ...(categoryId ? [categoryId] : [])] as const,
  products: (filter?: object) => [...operatorKeys.all, 'products', ...(filter ? [filter] : [])] as const,
  product: (id: number) => [...operatorKeys.all, 'product', id] as const,
  codes: (productId: number, filter?: object) =>
    [...operatorKeys.all, 'codes', productId, ...(filter ? [filter] : [])] as const,
  suppliers: () => [...operatorKeys.all, 'suppliers'] as const,
  settings: (storefront?: number) => [...operatorKeys.all, 'settings', ...(storefront ? [storefront] : [])] as const,
  sliders: (storefront?: number) => [...operatorKeys.all, 'sliders', ...(storefront ? [storefront] : [])] as const,
  banks: (storefront?: number) => [...operatorKeys.all, 'banks', ...(storefront ? [storefront] : [])] as const,
  partners: (storefront?: number) => [...operatorKeys.all, 'partners', ...(storefront ? [storefront] : [])] as const,
  storefronts: () => [...operatorKeys.all, 'storefronts'] as const,
  storefrontPrices: (storefront?: number) =>
    [...operatorKeys.all, 'storefront-prices', ...(storefront ? [storefront] : [])] as const,
  /** Every account, and under it one storefront's account with a ledger page: a change refreshes both. */
  storefrontAccounts: () => [...operatorKeys.all, 'storefront-accounts'] as const,
  storefrontAccount: (storefront: number, before?: number) =>
    [...operatorKeys.storefrontAccounts(), storefront, ...(before ? [before] : [])] as const,
  storefrontStaff: (storefront: number) => [...operatorKeys.all, 'storefront-staff', storefront] as const,
  users: (filter?: object) => [...operatorKeys.all, 'users', ...(filter ? [filter] : [])] as const,
  user: (id: number) => [...operatorKeys.all, 'user', id] as const,
  userApiKeys: (id: number) => [...operatorKeys.all, 'user', id, 'api-keys'] as const,
  userWebhooks: (id: number) => [...operatorKeys.all, 'user', id, 'webhooks'] as const,
  audit: (filter?: object) => [...operatorKeys.all, 'audit', ...(filter ? [filter] : [])] as const,
  numbers: (part?: string, filter?: object) =>
    [...operatorKeys.all, 'numbers', ...(part ? [part] : []), ...(filter ? [filter] : [])] as const,
};

/** Queues re-read themselves this often, so two operators see each other's decisions. */
export const QUEUE_REFRESH_MS = 10_000;

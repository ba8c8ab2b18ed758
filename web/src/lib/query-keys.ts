import type { OrderStatus } from '@raseed/contract';

/**
 * The query keys more than one feature reads or invalidates (the session's user, the store
 * settings, orders, balance movements). Every key in the app comes from a factory: these, or a
 * feature's own for what only it reads; never a bare array.
 */

export const authKeys = {
  me: ['auth', 'me'] as const,
  options: ['auth', 'options'] as const,
  twoFactorSetup: ['auth', 'two-factor-setup'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
};

export type OrdersFilter = { page: number; before: number | undefined; status: OrderStatus | 'all'; search: string };

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (f: OrdersFilter) => [...orderKeys.lists(), f] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  page: (id: number) => [...orderKeys.all, 'page', id] as const,
};

export type WalletPage = { page: number; before: number | undefined };

export const walletKeys = {
  all: ['wallet'] as const,
  page: (p: WalletPage) => [...walletKeys.all, p] as const,
};

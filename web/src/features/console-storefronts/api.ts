import {
  adminCategoriesReply,
  adminProductsReply,
  adminUserReply,
  emptyReply,
  storefrontAccountReply,
  storefrontAccountsReply,
  type StorefrontInput,
  type StorefrontPatch,
  type StorefrontPriceInput,
  storefrontPriceReply,
  storefrontPricesReply,
  storefrontReply,
  type staffInput,
  staffListReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';

/** After a storefront changes, the picker, the lists' names and its prices are stale. */
function useStorefrontsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.storefronts() }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontPrices() }),
    ]);
}

export function useCreateStorefront() {
  const changed = useStorefrontsChanged();
  return useMutation({
    mutationFn: (values: StorefrontInput) => adminApi.post('/storefronts', values, storefrontReply),
    onSuccess: changed,
  });
}

/** Changes what `patch` names (a list replaces the old one); storefront 1 cannot be switched off. */
export function useUpdateStorefront() {
  const changed = useStorefrontsChanged();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: StorefrontPatch }) =>
      adminApi.patch(`/storefronts/${id}`, patch, storefrontReply),
    onSuccess: changed,
  });
}

/** The storefront's markup and its rules for categories and products. */
export function useStorefrontPrices(storefront: number) {
  return useQuery({
    queryKey: operatorKeys.storefrontPrices(storefront),
    queryFn: async () =>
      (await adminApi.get('/storefront-prices', storefrontPricesReply, { query: { storefront } })).data,
  });
}

export type RuleTarget = { storefront: number; kind: 'category' | 'product'; id: number };
const rulePath = ({ kind, id }: RuleTarget) =>
  `/${kind === 'category' ? 'categories' : 'products'}/${id}/storefront-price`;

/** Sets a category's or a product's rule on one storefront (a rule with neither part is removed). */
export function useSetPriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, rule }: { target: RuleTarget; rule: StorefrontPriceInput }) =>
      adminApi.put(rulePath(target), rule, storefrontPriceReply, { query: { storefront: target.storefront } }),
    onSuccess: (_reply, { target }) =>
      queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontPrices(target.storefront) }),
  });
}

/** Clears a rule: the wider markup applies again and it shows again. */
export function useClearPriceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: RuleTarget) =>
      adminApi.del(rulePath(target), emptyReply, { query: { storefront: target.storefront } }),
    onSuccess: (_reply, target) =>
      queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontPrices(target.storefront) }),
  });
}

// The catalog as the prices page lists it: the same keys and the same data as the catalog pages,
// so both share one cache entry.
export function useCategories() {
  return useQuery({
    queryKey: operatorKeys.categories(),
    queryFn: async () => (await adminApi.get('/categories', adminCategoriesReply)).data.categories,
  });
}

export function useCategoryProducts(categoryId: number, page: number, enabled: boolean) {
  const filter = { category_id: categoryId, page };
  return useQuery({
    queryKey: operatorKeys.products(filter),
    queryFn: async () => (await adminApi.get('/products', adminProductsReply, { query: filter })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every storefront's account with the provider: the storefronts page shows each one's balance. */
export function useStorefrontAccounts() {
  return useQuery({
    queryKey: operatorKeys.storefrontAccounts(),
    queryFn: async () => (await adminApi.get('/storefront-accounts', storefrontAccountsReply)).data.accounts,
  });
}

/** One storefront's account and a page of its ledger, newest first: `before` is the last page's `next_before`. */
export function useStorefrontAccount(storefront: number, before: number | undefined) {
  return useQuery({
    queryKey: operatorKeys.storefrontAccount(storefront, before),
    queryFn: async () =>
      (await adminApi.get(`/storefronts/${storefront}/account`, storefrontAccountReply, { query: { before } })).data,
    placeholderData: keepPreviousData,
  });
}

/** Both forms answer with the account as it now is; every page of it and the list are then stale. */
function useAccountChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontAccounts() });
}

/** Credits ("25") or debits ("-5.50") the account, as typed: the server reads the amount. */
export function useAdjustAccount() {
  const changed = useAccountChanged();
  return useMutation({
    mutationFn: ({ storefront, amount, reason }: { storefront: number; amount: string; reason: string }) =>
      adminApi.post(`/storefronts/${storefront}/account/adjust`, { amount, reason }, storefrontAccountReply),
    onSuccess: changed,
  });
}

/** How far below zero the account may go. */
export function useSetCreditLimit() {
  const changed = useAccountChanged();
  return useMutation({
    mutationFn: ({ storefront, creditLimit }: { storefront: number; creditLimit: string }) =>
      adminApi.patch(`/storefronts/${storefront}/account`, { credit_limit: creditLimit }, storefrontAccountReply),
    onSuccess: changed,
  });
}

/** A storefront's staff accounts, oldest first. */
export function useStorefrontStaff(storefront: number) {
  return useQuery({
    queryKey: operatorKeys.storefrontStaff(storefront),
    queryFn: async () => (await adminApi.get(`/storefronts/${storefront}/staff`, staffListReply)).data.staff,
  });
}

/** Adding or taking off staff changes the storefront's list and the users list (an operator, a customer). */
function useStaffChanged() {
  const queryClient = useQueryClient();
  return (storefront: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontStaff(storefront) }),
      queryClient.invalidateQueries({ queryKey: operatorKeys.users() }),
    ]);
}

/** A new staff account bound to the storefront; an e-mail any account holds is a 422 on `email`. */
export function useAddStaff() {
  const changed = useStaffChanged();
  return useMutation({
    mutationFn: ({ storefront, values }: { storefront: number; values: z.output<typeof staffInput> }) =>
      adminApi.post(`/storefronts/${storefront}/staff`, values, adminUserReply),
    onSuccess: (_reply, { storefront }) => changed(storefront),
  });
}

/** Takes a staff account off: it becomes the storefront's customer and is signed out everywhere. */
export function useRemoveStaff() {
  const changed = useStaffChanged();
  return useMutation({
    mutationFn: ({ storefront, userId }: { storefront: number; userId: number }) =>
      adminApi.del(`/storefronts/${storefront}/staff/${userId}`, adminUserReply),
    onSuccess: (_reply, { storefront }) => changed(storefront),
  });
}

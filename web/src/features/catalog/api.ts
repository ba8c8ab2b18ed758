import {
  categoriesReply,
  categoryReply,
  checkPlayerReply,
  departmentReply,
  IDEMPOTENCY_HEADER,
  orderCreatedReply,
  type ProductForm,
  productReply,
  searchReply,
} from '@raseed/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionStore, useSessionState } from '@/lib/session-store';
import { walletKeys, orderKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

export const catalogKeys = {
  all: ['catalog'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  category: (id: number) => [...catalogKeys.all, 'category', id] as const,
  department: (id: number) => [...catalogKeys.all, 'department', id] as const,
  product: (id: number) => [...catalogKeys.all, 'product', id] as const,
  search: (q: string) => [...catalogKeys.all, 'search', q] as const,
};

export async function getCategories() {
  return (await api.get('/categories', categoriesReply)).data.categories;
}

/** docs/product-rules.md#states: categories are fetched only when a user is signed in. */
export function useCategories() {
  const { user } = useSessionState();
  return useQuery({ queryKey: catalogKeys.categories(), queryFn: getCategories, enabled: user !== null });
}

/**
 * GET /search: categories, departments and products found by the server, which folds Arabic
 * spellings and reads the operator's keywords (docs/catalog.md#search). While the next words
 * load, the finds of the last ones stay on screen. Signed-in only, like the category list.
 */
export function useCatalogSearch(q: string) {
  const { user } = useSessionState();
  const text = q.trim();
  return useQuery({
    queryKey: catalogKeys.search(text),
    queryFn: async ({ signal }) => (await api.get('/search', searchReply, { query: { q: text }, signal })).data,
    enabled: user !== null && text !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.category(id),
    queryFn: async () => (await api.get(`/categories/${id}`, categoryReply)).data,
  });

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id));
}

export const departmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.department(id),
    queryFn: async () => (await api.get(`/departments/${id}`, departmentReply)).data,
  });

export function useDepartment(id: number) {
  return useQuery(departmentQueryOptions(id));
}

/** The product page always asks afresh: price and availability are what the purchase uses. */
export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.product(id),
    queryFn: async () => (await api.get(`/products/${id}`, productReply)).data.product,
    staleTime: 0,
  });

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id));
}

export async function checkPlayer(input: { playerId: string; productId: number }) {
  const body = new URLSearchParams({ player_id: input.playerId, product_id: String(input.productId) });
  return (await api.post('/check-player', body, checkPlayerReply)).player_name;
}

/** POST /check-player: the player's name from the product's supplier, or 'Not Found'. */
export function useCheckPlayer() {
  return useMutation({ mutationFn: checkPlayer });
}

/** The fields of one order form, as the form holds them; mapped to each call's own names below. */
export type OrderInput = {
  form: ProductForm;
  productId: number;
  first?: string;
  second?: string;
  note?: string;
  qty?: string;
  /** One key per purchase attempt: a double click or a retried request buys once. */
  idempotencyKey: string;
  /** The total the customer saw ("9.50"): a changed price is a 409, never a silent charge. */
  expectedPrice: string;
};

function orderBody(input: OrderInput): { path: string; body: URLSearchParams } {
  const id = String(input.productId);
  switch (input.form) {
    case 'code':
      return { path: '/orders-create-code', body: new URLSearchParams({ product_id: id, qty: '1' }) };
    case 'free':
      return {
        path: '/orders-create-free',
        body: new URLSearchParams({
          player_id: input.first ?? '',
          player_name: input.second ?? '',
          product_id: id,
          qty: input.qty ?? '',
          note: input.note ?? '',
        }),
      };
    default:
      return {
        path: '/orders-create-fixed',
        body: new URLSearchParams({
          playerId: input.first ?? '',
          playerName: input.second ?? '',
          productId: id,
          info: input.note ?? '',
        }),
      };
  }
}

export async function placeOrder(input: OrderInput, signal?: AbortSignal) {
  const { path, body } = orderBody(input);
  body.set('expected_price', input.expectedPrice);
  const headers = { [IDEMPOTENCY_HEADER]: input.idempotencyKey };
  return (await api.post(path, body, orderCreatedReply, { headers, signal })).data;
}

/**
 * Places an order. The reply's user (the balance after the debit) replaces the session's user,
 * and the order and balance lists are dropped or marked stale; the caller adds the toast and
 * navigation. A plain call rather than a mutation: a mutation waits, paused, while the browser is
 * offline, where the purchase must say so and offer a retry with its own key (lib/use-order-submit).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: OrderInput, signal?: AbortSignal) => {
      const data = await placeOrder(input, signal);
      sessionStore.setUser(data.user);
      // Cached order pages are dropped, not just marked stale: /orders, where the customer
      // lands next, must not flash a list without the order just placed.
      queryClient.removeQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      return data;
    },
    [queryClient],
  );
}

/** A fresh random key; getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

import {
  type NumberPurchase,
  type NumberPurchaseReply,
  numberPurchaseReply,
  numberPurchasesReply,
  type NumberStatus,
  numberServicesReply,
} from '@raseed/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '@/lib/session-store';
import { walletKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

export type PurchasesFilter = { page: number; status: NumberStatus | 'all' };

export const numberKeys = {
  all: ['numbers'] as const,
  services: () => [...numberKeys.all, 'services'] as const,
  lists: () => [...numberKeys.all, 'list'] as const,
  list: (f: PurchasesFilter) => [...numberKeys.lists(), f] as const,
};

/** While a number waits for its code the list is re-read this often (the server polls the provider). */
export const PURCHASE_POLL_MS = 3_000;

/** A purchase that may still change on its own: waiting for a code, or within its window. */
export function isLive(p: NumberPurchase, at = Date.now()): boolean {
  if (p.status === 'waiting') return true;
  return p.status === 'received' && p.expires_at !== null && Date.parse(p.expires_at) > at;
}

export const servicesQueryOptions = () =>
  queryOptions({
    queryKey: numberKeys.services(),
    queryFn: async () => (await api.get('/numbers/services', numberServicesReply)).data,
    staleTime: 30_000,
  });

export function useNumberServices() {
  return useQuery(servicesQueryOptions());
}

export async function getPurchases(f: PurchasesFilter) {
  return (
    await api.get('/numbers', numberPurchasesReply, {
      query: { page: f.page, status: f.status === 'all' ? undefined : f.status },
    })
  ).data;
}

/** One page of the customer's number purchases; re-read while any of them is live. */
export function useNumberPurchases(f: PurchasesFilter) {
  return useQuery({
    queryKey: numberKeys.list(f),
    queryFn: () => getPurchases(f),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.purchases.some((p) => isLive(p)) ? PURCHASE_POLL_MS : false),
  });
}

function useNumberMutation<V>(fn: (v: V) => Promise<NumberPurchaseReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => (await fn(v)).data,
    onSuccess: async (data) => {
      if (data.user) sessionStore.setUser(data.user);
      await queryClient.invalidateQueries({ queryKey: numberKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** One Idempotency-Key per purchase attempt, kept by the caller until it succeeds. */
export function useBuyNumber() {
  return useNumberMutation((v: { serviceId: number; key: string }) =>
    api.post('/numbers', { service_id: v.serviceId }, numberPurchaseReply, { headers: { 'idempotency-key': v.key } }),
  );
}

export function useCancelNumber() {
  return useNumberMutation((id: number) => api.post(`/numbers/${id}/cancel`, undefined, numberPurchaseReply));
}

export function useResendCode() {
  return useNumberMutation((id: number) => api.post(`/numbers/${id}/resend`, undefined, numberPurchaseReply));
}

import {
  adminChargeReply,
  adminChargesReply,
  adminOrderReply,
  adminOrdersReply,
  type ChargeStatus,
  type OrderStatus,
  operatorStatsReply,
} from '@raseed/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys, QUEUE_REFRESH_MS } from '@/lib/console/query-keys';
import { useStorefrontFilter } from '@/lib/console/storefronts';

export type TopupFilter = { status: ChargeStatus | 'all'; page: number };
export type OrderFilter = { status: OrderStatus | 'all' | 'open' | 'attention'; search: string; page: number };

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: operatorKeys.stats(),
    queryFn: async () => (await adminApi.get('/stats', operatorStatsReply)).data.stats,
    refetchInterval: QUEUE_REFRESH_MS,
  });

/** What waits: the console's badges. */
export function useOperatorStats() {
  return useQuery(statsQueryOptions());
}

/** Top-up requests of the storefront the picker names, or of every storefront. */
export function useTopups(filter: TopupFilter) {
  const query = { ...filter, ...useStorefrontFilter() };
  return useQuery({
    queryKey: operatorKeys.topups(query),
    queryFn: async () => (await adminApi.get('/charges', adminChargesReply, { query })).data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** One top-up request, e.g. the earlier one a duplicate flag links to. */
export function useTopup(id: number) {
  return useQuery({
    queryKey: operatorKeys.topup(id),
    queryFn: async () => (await adminApi.get(`/charges/${id}`, adminChargeReply)).data.charge,
  });
}

/** Orders of the storefront the picker names, or of every storefront. */
export function useOrders(filter: OrderFilter) {
  const query = { ...filter, ...useStorefrontFilter() };
  return useQuery({
    queryKey: operatorKeys.orders(query),
    queryFn: async () => (await adminApi.get('/orders', adminOrdersReply, { query })).data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * Callbacks kept on the mutation itself: a decided card leaves its list and unmounts before `mutate`'s own would run.
 */
export type DecisionCallbacks<R, V = unknown> = {
  onSuccess?: (reply: R, variables: V) => void;
  onError?: (error: unknown) => void;
};

/** After any decision the queues and the badges are stale (another list may hold the item). */
function useQueueMutation<V, R>(mutationFn: (v: V) => Promise<R>, callbacks: DecisionCallbacks<R, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply, variables) => callbacks.onSuccess?.(reply, variables),
    onError: (error) => callbacks.onError?.(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.topups() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.stats() }),
      ]),
  });
}

export function useApproveTopup(callbacks: DecisionCallbacks<unknown> = {}) {
  return useQueueMutation(
    ({ id, amount, reason }: { id: number; amount?: string; reason?: string }) =>
      adminApi.post(`/charges/${id}/approve`, amount ? { amount, reason } : {}, adminChargeReply),
    callbacks,
  );
}

export function useRejectTopup(callbacks: DecisionCallbacks<unknown> = {}) {
  return useQueueMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      adminApi.post(`/charges/${id}/reject`, { reason }, adminChargeReply),
    callbacks,
  );
}

export type OrderDecision =
  | { kind: 'accept'; message: string }
  | { kind: 'wait'; message: string }
  | { kind: 'reject'; cancel_msg: string }
  | { kind: 'cancel-request'; approve: boolean; cancel_msg: string };

export function useDecideOrder(callbacks: DecisionCallbacks<unknown, { id: number; decision: OrderDecision }> = {}) {
  return useQueueMutation(({ id, decision }: { id: number; decision: OrderDecision }) => {
    const { kind, ...body } = decision;
    return adminApi.post(`/orders/${id}/${kind}`, body, adminOrderReply);
  }, callbacks);
}

/** Sends an order the supplier could not fulfil back to the outbox for another attempt. */
export function useRetryDelivery(callbacks: DecisionCallbacks<unknown> = {}) {
  return useQueueMutation(
    (id: number) => adminApi.post(`/orders/${id}/retry-delivery`, {}, adminOrderReply),
    callbacks,
  );
}

import { cancelOrderReply, type Order, orderReply, ordersReply } from '@raseed/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore, useUserReading } from '@/lib/session-store';
import { walletKeys, orderKeys, type OrdersFilter } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** Re-read interval of a pending order (docs/product-rules.md#limits). */
export const ORDER_POLL_MS = 15_000;

export async function getOrders(f: OrdersFilter) {
  const query = {
    page: f.page,
    before: f.before,
    status: f.status === 'all' ? undefined : f.status,
    search: f.search.trim(),
  };
  return (await api.get('/orders', ordersReply, { query })).data;
}

export const ordersQueryOptions = (f: OrdersFilter) =>
  queryOptions({ queryKey: orderKeys.list(f), queryFn: () => getOrders(f), placeholderData: keepPreviousData });

/** One page of the customer's orders; the previous page stays on screen while the next loads. */
export function useOrders(f: OrdersFilter) {
  return useQuery(ordersQueryOptions(f));
}

export async function getOrder(id: number) {
  return (await api.get(`/orders/${id}`, orderReply)).data;
}

/**
 * Re-reads one order every 15 s while `enabled` (its card is on screen and the order pending).
 * The first read waits a full interval: the list just delivered this order. When the reply
 * carries the user (the order left pending, maybe refunded), the session's user is replaced.
 * Failures are only logged (docs/product-rules.md#errors); the next interval tries again.
 */
export function useOrderPolling(order: Order, enabled: boolean) {
  const query = useQuery({
    queryKey: orderKeys.detail(order.id),
    queryFn: () => getOrder(order.id),
    enabled,
    initialData: { order },
    staleTime: Number.POSITIVE_INFINITY,
    // Stops by itself once a reading shows the order left pending.
    refetchInterval: (q) => (enabled && q.state.data?.order.status === 'pending' ? ORDER_POLL_MS : false),
    retry: false,
  });
  useUserReading(query.data.user, query.dataUpdatedAt);
  const error = query.error;
  useEffect(() => {
    if (error) console.error('order polling failed', error);
  }, [error]);
  return query.data.order;
}

/** The order's own page: the order with its status history and refund, re-read while pending. */
export function useOrderPage(id: number) {
  const query = useQuery({
    queryKey: orderKeys.page(id),
    queryFn: () => getOrder(id),
    refetchInterval: (q) => (q.state.data?.order.status === 'pending' ? ORDER_POLL_MS : false),
  });
  useUserReading(query.data?.user, query.dataUpdatedAt);
  return query;
}

export function cancelOrder(id: number) {
  return api.post(`/orders/${id}/cancel`, undefined, cancelOrderReply).then((r) => r.data);
}

/**
 * Cancels (pending) or asks to cancel (wait). The fresh user updates the top bar at once; lists
 * are only marked stale so the card on screen keeps what the spec says it shows.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async ({ user, order }) => {
      if (user) sessionStore.setUser(user);
      await queryClient.invalidateQueries({ queryKey: orderKeys.page(order.id) });
      await queryClient.invalidateQueries({ queryKey: orderKeys.lists(), refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

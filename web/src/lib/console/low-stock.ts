import { lowStockReply } from '@raseed/contract';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys, QUEUE_REFRESH_MS } from './query-keys';

/**
 * The products the low-stock badge counts. Shared by the dashboard and the catalog, like the
 * badge; its key sits under the stats, so whatever makes the badge stale re-reads it too.
 */
export function useLowStock() {
  return useQuery({
    queryKey: operatorKeys.lowStock(),
    queryFn: async () => (await adminApi.get('/stock/low', lowStockReply)).data.products,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

import {
  adminNumberPurchaseReply,
  adminNumberPurchasesReply,
  adminNumberServiceReply,
  adminNumberServicesReply,
  emptyReply,
  type NumberServiceInput,
  type NumberStatus,
  numberProviderBalanceReply,
  numberProviderReply,
  numberSyncReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys, QUEUE_REFRESH_MS } from '@/lib/console/query-keys';
import { useStaffStorefront, useStorefrontFilter } from '@/lib/console/storefronts';

export type NumberPurchaseFilter = { status: NumberStatus | 'all'; page: number };
export type ProviderForm = { name: string; base_url: string; api_key: string; window_minutes: string };

const keys = {
  provider: () => operatorKeys.numbers('provider'),
  balance: () => operatorKeys.numbers('balance'),
  services: () => operatorKeys.numbers('services'),
  purchases: (f?: NumberPurchaseFilter) => operatorKeys.numbers('purchases', f),
};

/** The provider's own setup: never asked for a storefront's staff, whose account the routes refuse. */
export function useNumberProvider() {
  const staff = useStaffStorefront();
  return useQuery({
    queryKey: keys.provider(),
    queryFn: async () => (await adminApi.get('/numbers/provider', numberProviderReply)).data.provider,
    enabled: staff === null,
  });
}

/** Asked only on demand: every read is a call to the provider. */
export function useProviderBalance(enabled: boolean) {
  return useQuery({
    queryKey: keys.balance(),
    queryFn: async () => (await adminApi.get('/numbers/provider/balance', numberProviderBalanceReply)).data.balance,
    enabled,
    retry: false,
  });
}

export function useNumberServicesAdmin() {
  const staff = useStaffStorefront();
  return useQuery({
    queryKey: keys.services(),
    queryFn: async () => (await adminApi.get('/numbers/services', adminNumberServicesReply)).data.services,
    enabled: staff === null,
  });
}

/** Number purchases of the storefront the picker names, or of every storefront (staff: their own). */
export function useNumberPurchasesAdmin(filter: NumberPurchaseFilter) {
  const query = { ...filter, ...useStorefrontFilter() };
  return useQuery({
    queryKey: keys.purchases(query),
    queryFn: async () => (await adminApi.get('/numbers/purchases', adminNumberPurchasesReply, { query })).data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Every numbers write makes the whole numbers area stale. */
function useNumbersMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.numbers() }),
  });
}

export const useSaveProvider = () =>
  useNumbersMutation((v: ProviderForm) =>
    adminApi.patch('/numbers/provider', v, numberProviderReply).then((r) => r.data.provider),
  );
export const useSyncPrices = () =>
  useNumbersMutation(() => adminApi.post('/numbers/provider/sync', undefined, numberSyncReply).then((r) => r.data));
export const useAddService = () =>
  useNumbersMutation((v: NumberServiceInput) =>
    adminApi.post('/numbers/services', v, adminNumberServiceReply).then((r) => r.data.service),
  );
export const useToggleService = () =>
  useNumbersMutation((v: { id: number; active: boolean }) =>
    adminApi.patch(`/numbers/services/${v.id}`, { active: v.active }, adminNumberServiceReply),
  );
export const useDeleteService = () =>
  useNumbersMutation((id: number) => adminApi.del(`/numbers/services/${id}`, emptyReply));
export const useRefundNumber = () =>
  useNumbersMutation((id: number) =>
    adminApi.post(`/numbers/purchases/${id}/refund`, undefined, adminNumberPurchaseReply).then((r) => r.data.purchase),
  );

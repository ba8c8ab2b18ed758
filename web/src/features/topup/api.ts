import { anyBanksPageReply, chargeCreatedReply, chargesReply } from '@raseed/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

export const topupKeys = {
  all: ['topup'] as const,
  banks: () => [...topupKeys.all, 'banks'] as const,
  list: () => [...topupKeys.all, 'list'] as const,
};

/** The payment methods (at data.banks or data.data.banks) and the largest receipt the server takes. */
export function getBanks() {
  return api.get('/banks', anyBanksPageReply);
}

export const banksQueryOptions = () => queryOptions({ queryKey: topupKeys.banks(), queryFn: getBanks });

/** docs/product-rules.md#errors: a failed load of the methods is ignored silently (the screen shows none). */
export function useBanks() {
  return useQuery({ ...banksQueryOptions(), select: (page) => page.banks });
}

/** The server's UPLOAD_MAX_BYTES (from the same GET /banks), or null before it is known. */
export function useUploadLimit(): number | null {
  return useQuery({ ...banksQueryOptions(), select: (page) => page.uploadMaxBytes }).data ?? null;
}

export async function getTopups() {
  const reply = await api.get('/charges', chargesReply);
  return reply.data.charges;
}

// A customer waiting for a transfer to be checked sees the decision without reloading.
const PENDING_REFRESH_MS = 10_000;

export const topupsQueryOptions = () =>
  queryOptions({
    queryKey: topupKeys.list(),
    queryFn: getTopups,
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.status !== 'success' && c.status !== 'cancel') ? PENDING_REFRESH_MS : false,
  });

/**
 * The customer's top-up requests (failures ignored silently, docs/product-rules.md#errors). Each fresh list also
 * refreshes the signed-in user, so an approved top-up shows in the top bar's balance at once.
 */
export function useTopups() {
  const queryClient = useQueryClient();
  const query = useQuery(topupsQueryOptions());
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: authKeys.me });
  }, [dataUpdatedAt, queryClient]);
  return query;
}

export type TopupRequestInput = { bankId: number; amount: string; image: File; transferRef?: string };

export function requestTopup({ bankId, amount, image, transferRef }: TopupRequestInput) {
  const form = new FormData();
  form.set('amount', amount);
  form.set('bank_id', String(bankId));
  if (transferRef) form.set('transfer_ref', transferRef);
  form.set('img', image);
  return api.post('/banks', form, chargeCreatedReply);
}

/** POST /banks (multipart). A new request joins the charges list. */
export function useRequestTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: topupKeys.list() }),
  });
}

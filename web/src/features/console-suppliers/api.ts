import { emptyReply, supplierBalanceReply, supplierSavedReply } from '@raseed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';

/**
 * JSON, not multipart: a supplier has no image, and a blank password/token means "keep the stored
 * one". The server tries the connection before it saves: the reply carries the supplier's answer.
 */
export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: Record<string, unknown> }) =>
      id
        ? adminApi.patch(`/suppliers/${id}`, values, supplierSavedReply)
        : adminApi.post('/suppliers', values, supplierSavedReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.suppliers() }),
  });
}

export function useRemoveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi.del(`/suppliers/${id}`, emptyReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.suppliers() }),
  });
}

/** Asked on demand only: each call logs in to the supplier's store. */
export function useSupplierBalance() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await adminApi.get(`/suppliers/${id}/balance`, supplierBalanceReply)).data.balance,
  });
}

import {
  type AdminProduct,
  adminSupplierReply,
  adminSuppliersReply,
  codesListReply,
  codesUploadReply,
  emptyReply,
  type StockCounts,
  supplierBalanceReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from './keys';

export function useSuppliers() {
  return useQuery({
    queryKey: operatorKeys.suppliers(),
    queryFn: async () => (await adminApi.get('/suppliers', adminSuppliersReply)).data.suppliers,
  });
}

/** JSON, not multipart: a supplier has no image, and a blank password/token means "keep the stored one". */
export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: Record<string, unknown> }) =>
      id
        ? adminApi.patch(`/suppliers/${id}`, values, adminSupplierReply)
        : adminApi.post('/suppliers', values, adminSupplierReply),
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

export type CodesFilter = { status: 'available' | 'sold' | 'all'; page: number };

export function useStockCodes(productId: number, filter: CodesFilter) {
  return useQuery({
    queryKey: operatorKeys.codes(productId, filter),
    queryFn: async () => (await adminApi.get(`/products/${productId}/codes`, codesListReply, { query: filter })).data,
    placeholderData: keepPreviousData,
  });
}

/** New counts go straight into the cached product (the editor shows them), then every list re-reads. */
function useStockChange<V, R>(
  productId: number,
  mutationFn: (v: V) => Promise<R>,
  stockOf: (reply: R) => StockCounts | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (reply) => {
      const stock = stockOf(reply);
      if (stock)
        queryClient.setQueryData<AdminProduct>(operatorKeys.product(productId), (p) => (p ? { ...p, stock } : p));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.codes(productId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.product(productId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.products() }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.stats() }),
      ]);
    },
  });
}

/** Pasted lines go as JSON `{codes}`, a chosen file as the multipart field `file`. */
export function useUploadCodes(productId: number) {
  return useStockChange(
    productId,
    (input: { codes: string[] } | { file: File }) => {
      const path = `/products/${productId}/codes`;
      if ('codes' in input) return adminApi.post(path, { codes: input.codes }, codesUploadReply);
      const form = new FormData();
      form.set('file', input.file);
      return adminApi.post(path, form, codesUploadReply);
    },
    (reply) => reply.data.stock,
  );
}

export function useRemoveCode(productId: number) {
  return useStockChange(
    productId,
    (codeId: number) => adminApi.del(`/products/${productId}/codes/${codeId}`, emptyReply),
    () => undefined,
  );
}

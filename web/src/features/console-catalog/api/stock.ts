import {
  type AdminProduct,
  codesDeleteReply,
  codesListReply,
  codesUploadReply,
  emptyReply,
  type StockCounts,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';

export type CodesFilter = { status: 'available' | 'sold' | 'all'; search: string; page: number };

export function useStockCodes(productId: number, filter: CodesFilter) {
  return useQuery({
    queryKey: operatorKeys.codes(productId, filter),
    queryFn: async () => {
      const { search, ...rest } = filter;
      const query = search ? filter : rest;
      return (await adminApi.get(`/products/${productId}/codes`, codesListReply, { query })).data;
    },
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

/** Several unsold codes at once; the reply says how many went and how many stayed (sold). */
export function useRemoveCodes(productId: number) {
  return useStockChange(
    productId,
    (ids: number[]) => adminApi.post(`/products/${productId}/codes/delete`, { ids }, codesDeleteReply),
    (reply) => reply.data.stock,
  );
}

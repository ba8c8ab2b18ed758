import {
  adminCategoriesReply,
  adminCategoryReply,
  adminDepartmentReply,
  adminDepartmentsReply,
  adminProductReply,
  adminProductsReply,
  emptyReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { toFormData } from '@/lib/console/form-data';
import { operatorKeys } from '@/lib/console/query-keys';

export function useAdminCategories() {
  return useQuery({
    queryKey: operatorKeys.categories(),
    queryFn: async () => (await adminApi.get('/categories', adminCategoriesReply)).data.categories,
  });
}

export function useAdminDepartments(categoryId: number) {
  return useQuery({
    queryKey: operatorKeys.departments(categoryId),
    queryFn: async () =>
      (await adminApi.get('/departments', adminDepartmentsReply, { query: { category_id: categoryId } })).data
        .departments,
  });
}

export type ProductFilter = { category_id?: number; department_id?: number; search?: string; page: number };

export function useAdminProducts(filter: ProductFilter) {
  return useQuery({
    queryKey: operatorKeys.products(filter),
    queryFn: async () => (await adminApi.get('/products', adminProductsReply, { query: filter })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdminProduct(id: number | null) {
  return useQuery({
    queryKey: operatorKeys.product(id ?? 0),
    queryFn: async () => (await adminApi.get(`/products/${id}`, adminProductReply)).data.product,
    enabled: id !== null,
  });
}

type Values = Record<string, unknown>;

/** Create (no id) or update (id) with a multipart form, then refresh what lists it. */
function useSave<R>(path: string, reply: import('zod').ZodType<R>, lists: () => readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: Values }) =>
      id ? adminApi.patch(`${path}/${id}`, toFormData(values), reply) : adminApi.post(path, toFormData(values), reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lists() }),
  });
}

function useRemove(path: string, lists: () => readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi.del(`${path}/${id}`, emptyReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lists() }),
  });
}

export const useSaveCategory = () => useSave('/categories', adminCategoryReply, operatorKeys.categories);
export const useRemoveCategory = () => useRemove('/categories', operatorKeys.categories);
export const useSaveDepartment = () => useSave('/departments', adminDepartmentReply, () => operatorKeys.departments());
export const useRemoveDepartment = () => useRemove('/departments', () => operatorKeys.departments());
export const useRemoveProduct = () => useRemove('/products', () => operatorKeys.products());

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: Values }) =>
      id
        ? adminApi.patch(`/products/${id}`, toFormData(values), adminProductReply)
        : adminApi.post('/products', toFormData(values), adminProductReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(operatorKeys.product(reply.data.product.id), reply.data.product);
      return queryClient.invalidateQueries({ queryKey: operatorKeys.products() });
    },
  });
}

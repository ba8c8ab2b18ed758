import {
  adminNotificationReply,
  adminUserDebtReply,
  adminUserReply,
  adminUsersReply,
  apiKeysReply,
  emptyReply,
  webhooksReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';
import { useStorefrontFilter } from '@/lib/console/storefronts';

export type UserFilter = { search: string; page: number };

/** Accounts of the storefront the picker names (its customers), or every account. */
export function useAdminUsers(filter: UserFilter) {
  const query = { ...filter, ...useStorefrontFilter() };
  return useQuery({
    queryKey: operatorKeys.users(query),
    queryFn: async () => (await adminApi.get('/users', adminUsersReply, { query })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAdjustBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, reason }: { id: number; amount: string; reason: string }) =>
      adminApi.post(`/users/${id}/adjust`, { amount, reason }, adminUserReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.users() }),
  });
}

/** One user with their debt history; read only while the operator has the debt panel open. */
export function useUserDebt(id: number, enabled: boolean) {
  return useQuery({
    queryKey: operatorKeys.user(id),
    queryFn: async () => (await adminApi.get(`/users/${id}`, adminUserDebtReply)).data,
    enabled,
  });
}

/** Lend (`credit`) or record a repayment (`settle`); both answer with the user and their history. */
export function useDebtMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      move,
      amount,
      reason,
    }: {
      id: number;
      move: 'credit' | 'settle';
      amount: string;
      reason: string;
    }) => adminApi.post(`/users/${id}/${move}`, { amount, reason }, adminUserDebtReply),
    onSuccess: (reply, { id }) => {
      queryClient.setQueryData(operatorKeys.user(id), reply.data);
      return queryClient.invalidateQueries({ queryKey: operatorKeys.users() });
    },
  });
}

/** A blank limit removes it. */
export function useCreditLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, limit }: { id: number; limit: string }) =>
      adminApi.patch(`/users/${id}`, { credit_limit: limit }, adminUserReply),
    onSuccess: (_reply, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.user(id) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.users() }),
      ]),
  });
}

/** `userId` null sends the notice to every customer. */
export function useSendNotice() {
  return useMutation({
    mutationFn: ({ userId, title, msg }: { userId: number | null; title: string; msg: string }) =>
      adminApi.post('/notifications', { ...(userId ? { user_id: userId } : {}), title, msg }, adminNotificationReply),
  });
}

/** A customer's live API keys; read only while the operator has the API panel open. */
export function useUserApiKeys(id: number, enabled: boolean) {
  return useQuery({
    queryKey: operatorKeys.userApiKeys(id),
    queryFn: async () => (await adminApi.get(`/users/${id}/api-keys`, apiKeysReply)).data.api_keys,
    enabled,
  });
}

/** A customer's webhook endpoints with their failure state (read only); while the API panel is open. */
export function useUserWebhooks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: operatorKeys.userWebhooks(id),
    queryFn: async () => (await adminApi.get(`/users/${id}/webhooks`, webhooksReply)).data.webhooks,
    enabled,
  });
}

/** Lets the customer make API keys, or stops them (their keys are refused, and kept). */
export function useApiAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      adminApi.patch(`/users/${id}`, { api_access: on }, adminUserReply),
    onSuccess: (_reply, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.user(id) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.users() }),
      ]),
  });
}

export function useRevokeUserApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, keyId }: { id: number; keyId: number }) =>
      adminApi.del(`/users/${id}/api-keys/${keyId}`, emptyReply),
    onSuccess: (_reply, { id }) => queryClient.invalidateQueries({ queryKey: operatorKeys.userApiKeys(id) }),
  });
}

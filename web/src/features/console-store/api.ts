import {
  adminBankReply,
  adminBanksReply,
  adminPartnerReply,
  adminPartnersReply,
  adminSettingsReply,
  adminSliderReply,
  adminSlidersReply,
  auditReply,
  emptyReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { settingsKeys } from '@/lib/query-keys';
import { adminApi } from '@/lib/api-client';
import { toFormData } from '@/lib/console/form-data';
import { operatorKeys } from '@/lib/console/query-keys';

export function useAdminSettings() {
  return useQuery({
    queryKey: operatorKeys.settings(),
    queryFn: async () => (await adminApi.get('/settings', adminSettingsReply)).data.setting,
  });
}

/** Saving settings also refreshes the store's own copy, so the console header shows the new name. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      adminApi.patch('/settings', toFormData(values), adminSettingsReply),
    onSuccess: (reply) => {
      queryClient.setQueryData(operatorKeys.settings(), reply.data.setting);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

/** List, save (create or update, multipart) and delete for one short list edited whole. */
function resource<L extends z.ZodType, O extends z.ZodType>(
  path: string,
  key: () => readonly unknown[],
  list: L,
  one: O,
) {
  return {
    useList: () => useQuery({ queryKey: key(), queryFn: () => adminApi.get(path, list) }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, values }: { id?: number; values: Record<string, unknown> }) =>
          id ? adminApi.patch(`${path}/${id}`, toFormData(values), one) : adminApi.post(path, toFormData(values), one),
        onSuccess: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: key() }),
            queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
          ]),
      });
    },
    useRemove: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => adminApi.del(`${path}/${id}`, emptyReply),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key() }),
      });
    },
  };
}

export const sliders = resource('/sliders', operatorKeys.sliders, adminSlidersReply, adminSliderReply);
export const banks = resource('/banks', operatorKeys.banks, adminBanksReply, adminBankReply);
export const partners = resource('/partners', operatorKeys.partners, adminPartnersReply, adminPartnerReply);

export type AuditFilter = { entity: string; page: number };

export function useAudit(filter: AuditFilter) {
  return useQuery({
    queryKey: operatorKeys.audit(filter),
    queryFn: async () => (await adminApi.get('/audit', auditReply, { query: filter })).data,
    placeholderData: keepPreviousData,
  });
}

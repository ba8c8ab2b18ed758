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
import { useScopedStorefront, useStorefrontFilter } from '@/lib/console/storefronts';

/** The settings of the storefront the picker names (the provider's own by default). */
export function useAdminSettings() {
  const storefront = useScopedStorefront();
  return useQuery({
    queryKey: operatorKeys.settings(storefront),
    queryFn: async () => (await adminApi.get('/settings', adminSettingsReply, { query: { storefront } })).data.setting,
  });
}

/** Saving settings also refreshes the store's own copy, so the console header shows the new name. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  const storefront = useScopedStorefront();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      adminApi.patch('/settings', toFormData(values), adminSettingsReply, { query: { storefront } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(operatorKeys.settings(storefront), reply.data.setting);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

/**
 * List, save (create or update, multipart) and delete for one short list edited whole, of the
 * storefront the picker names (`?storefront=`: a new row is that storefront's).
 */
function resource<L extends z.ZodType, O extends z.ZodType>(
  path: string,
  key: (storefront?: number) => readonly unknown[],
  list: L,
  one: O,
) {
  return {
    useList: () => {
      const storefront = useScopedStorefront();
      return useQuery({
        queryKey: key(storefront),
        queryFn: () => adminApi.get(path, list, { query: { storefront } }),
      });
    },
    useSave: () => {
      const queryClient = useQueryClient();
      const storefront = useScopedStorefront();
      return useMutation({
        mutationFn: ({ id, values }: { id?: number; values: Record<string, unknown> }) => {
          const options = { query: { storefront } };
          return id
            ? adminApi.patch(`${path}/${id}`, toFormData(values), one, options)
            : adminApi.post(path, toFormData(values), one, options);
        },
        onSuccess: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: key(storefront) }),
            queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
          ]),
      });
    },
    useRemove: () => {
      const queryClient = useQueryClient();
      const storefront = useScopedStorefront();
      return useMutation({
        mutationFn: (id: number) => adminApi.del(`${path}/${id}`, emptyReply, { query: { storefront } }),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key(storefront) }),
      });
    },
  };
}

export const sliders = resource('/sliders', operatorKeys.sliders, adminSlidersReply, adminSliderReply);
export const banks = resource('/banks', operatorKeys.banks, adminBanksReply, adminBankReply);
export const partners = resource('/partners', operatorKeys.partners, adminPartnersReply, adminPartnerReply);

export type AuditFilter = { entity: string; page: number };

/** The audit log, of the storefront the picker names or of every storefront. */
export function useAudit(filter: AuditFilter) {
  const query = { ...filter, ...useStorefrontFilter() };
  return useQuery({
    queryKey: operatorKeys.audit(query),
    queryFn: async () => (await adminApi.get('/audit', auditReply, { query })).data,
    placeholderData: keepPreviousData,
  });
}

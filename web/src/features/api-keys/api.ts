import {
  apiKeyCreatedReply,
  apiKeysReply,
  type CreateApiKeyBody,
  type CreateWebhookBody,
  createApiKeyBody,
  emptyReply,
  webhookCreatedReply,
  webhookDeliveriesReply,
  webhookDeliveryReply,
  webhooksReply,
} from '@raseed/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  webhooks: ['webhooks'] as const,
  deliveries: (id: number) => ['webhooks', id, 'deliveries'] as const,
};

/** The customer's live keys (never their tokens). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await api.get('/api-keys', apiKeysReply)).data,
  });
}

/** A new key; the reply's token is shown once. A 423 asks for the password and sends it again (api-client). */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKeyBody) =>
      (await api.post('/api-keys', input, apiKeyCreatedReply)).data.api_key,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.del(`/api-keys/${id}`, emptyReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

/** The allowed addresses as typed: one a line (or separated by spaces or commas). */
export function addressLines(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The form's schema: the contract's, with the addresses typed as text. The list is checked by
 * the contract's own rule, its first message shown under the field.
 */
export const keyFormSchema = createApiKeyBody.extend({
  allowed_ips: z.string().superRefine((text, ctx) => {
    const checked = createApiKeyBody.shape.allowed_ips.safeParse(addressLines(text));
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
  }),
});
export type KeyFormValues = z.input<typeof keyFormSchema>;

/** The customer's webhook endpoints with their failure state (never their secrets). */
export function useWebhooks() {
  return useQuery({
    queryKey: apiKeyKeys.webhooks,
    queryFn: async () => (await api.get('/webhooks', webhooksReply)).data.webhooks,
  });
}

/** A new endpoint; the reply's secret is shown once. A 423 asks for the password first (api-client). */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateWebhookBody) =>
      (await api.post('/webhooks', input, webhookCreatedReply)).data.webhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.del(`/webhooks/${id}`, emptyReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.webhooks }),
  });
}

/** A new secret, shown once; the previous one keeps signing for 24 hours. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post(`/webhooks/${id}/rotate-secret`, undefined, webhookCreatedReply)).data.webhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.webhooks }),
  });
}

/** One endpoint's newest deliveries; read only while the customer has them open. */
export function useWebhookDeliveries(id: number) {
  return useQuery({
    queryKey: apiKeyKeys.deliveries(id),
    queryFn: async () => (await api.get(`/webhooks/${id}/deliveries`, webhookDeliveriesReply)).data.deliveries,
  });
}

/** One more attempt now; a disabled endpoint is turned back on, so the list is read again too. */
export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      (await api.post(`/webhooks/${id}/deliveries/${deliveryId}/retry`, undefined, webhookDeliveryReply)).data.delivery,
    onSuccess: (_delivery, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.deliveries(id) }),
        queryClient.invalidateQueries({ queryKey: apiKeyKeys.webhooks }),
      ]),
  });
}

import {
  apiKeyCreatedReply,
  apiKeysReply,
  type CreateApiKeyBody,
  createApiKeyBody,
  emptyReply,
} from '@raseed/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

export const apiKeyKeys = {
  all: ['api-keys'] as const,
};

/** The customer's live keys (never their tokens). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: async () => (await api.get('/api-keys', apiKeysReply)).data.api_keys,
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

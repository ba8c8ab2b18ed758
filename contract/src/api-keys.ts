import { z } from 'zod';
import { isoDate, money, successReply } from './envelope';
import { rowId } from './fields';

/**
 * The resellers' API keys (`/public/api/v1/api-keys`). A customer the store allowed
 * (`api_access`) makes keys and calls the same API with `Authorization: Bearer rsd_…`. The token
 * is shown once, in the creation reply; every other reply shows its `prefix` only.
 */

export const apiKeyMode = z.enum(['live', 'test']);
export type ApiKeyMode = z.infer<typeof apiKeyMode>;

export const apiKeyLimits = {
  name: 60,
  /** Addresses or ranges one key may list. */
  allowedIps: 20,
  /** Live (unrevoked) keys one customer may hold. */
  perUser: 10,
} as const;

export const apiKeyText = {
  nameRequired: 'يرجى إدخال اسم للمفتاح',
  nameLong: 'اسم المفتاح أطول من المسموح به (60 حرفاً)',
  modeInvalid: 'يرجى اختيار وضع المفتاح: فعلي أو تجربة',
  ipInvalid: 'عنوان IP غير صالح: اكتب عنواناً مثل 203.0.113.7 أو 2001:db8::1، أو نطاقاً مثل 203.0.113.0/24',
  tooManyIps: 'يمكن أن يضم المفتاح 20 عنواناً أو نطاقاً على الأكثر',
} as const;

// zod's own address and range checks, built once.
const addressChecks = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];

/** One allowed caller: an IPv4 or IPv6 address, or a range in CIDR notation. */
export const allowedIp = z
  .string({ error: apiKeyText.ipInvalid })
  .trim()
  .max(50, apiKeyText.ipInvalid)
  .refine((v) => addressChecks.some((check) => check.safeParse(v).success), apiKeyText.ipInvalid);

export const createApiKeyBody = z.object({
  name: z
    .string({ error: apiKeyText.nameRequired })
    .trim()
    .min(1, apiKeyText.nameRequired)
    .max(apiKeyLimits.name, apiKeyText.nameLong),
  mode: apiKeyMode.default('live').meta({ description: 'live: real orders; test: read-only until test mode exists' }),
  allowed_ips: z
    .array(allowedIp)
    .max(apiKeyLimits.allowedIps, apiKeyText.tooManyIps)
    .optional()
    .meta({ description: 'IPv4/IPv6 addresses or CIDR ranges; empty or absent: any address' }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** A key as every list shows it: never the token. */
export const apiKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    mode: apiKeyMode,
    prefix: z
      .string()
      .meta({ description: 'the start of the token, enough to recognise it', example: 'rsd_live_4fZq9b' }),
    allowed_ips: z.array(z.string()),
    created_at: isoDate,
    last_used_at: isoDate.nullable().meta({ description: 'updated at most once a minute' }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKey>;

/** The creation reply: the only time the token is sent. */
export const createdApiKey = apiKey
  .extend({
    token: z.string().meta({ description: 'shown once; the store keeps only a keyed hash of it' }),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyCreatedReply = successReply(z.object({ api_key: createdApiKey }));
/** The keys, and the play balance test keys order from (1,000 $ until the first test order). */
export const apiKeysReply = successReply(z.object({ api_keys: z.array(apiKey), test_balance: money }));

/** `/admin/api/v1/users/{id}/api-keys/{keyId}`. */
export const userApiKeyParams = z.object({ id: rowId, keyId: rowId });

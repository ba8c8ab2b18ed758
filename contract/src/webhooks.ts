import { z } from 'zod';
import { isoDate, successReply } from './envelope';
import { rowId } from './fields';

/**
 * The resellers' webhooks (`/public/api/v1/webhooks`), Standard Webhooks 1.0: the store POSTs
 * `{type, timestamp, livemode, data}` to the customer's URL, signed with the endpoint's `whsec_`
 * secret. The secret is shown once, in the creation (and rotation) reply.
 */

export const webhookEventTypes = ['order.updated', 'number.updated', 'balance.updated'] as const;
export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

export const webhookLimits = {
  url: 500,
  /** Endpoints one customer may hold. */
  perUser: 10,
  /** Deliveries one list shows, newest first. */
  deliveriesShown: 50,
} as const;

export const webhookText = {
  urlRequired: 'يرجى إدخال عنوان الاستقبال',
  urlInvalid: 'عنوان الاستقبال غير صالح: اكتب عنواناً كاملاً يبدأ بـ https://',
  urlLong: 'عنوان الاستقبال أطول من المسموح به (500 حرف)',
  urlCredentials: 'لا يُقبل عنوان يحمل اسم مستخدم أو كلمة مرور',
  eventsEmpty: 'اختر حدثاً واحداً على الأقل',
  eventInvalid: 'حدث غير معروف: الأحداث المتاحة order.updated و number.updated و balance.updated',
} as const;

export const createWebhookBody = z.object({
  url: z
    .string({ error: webhookText.urlRequired })
    .trim()
    .min(1, webhookText.urlRequired)
    .max(webhookLimits.url, webhookText.urlLong)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, webhookText.urlInvalid)
    .refine((v) => {
      try {
        const u = new URL(v);
        return !u.username && !u.password;
      } catch {
        return true;
      }
    }, webhookText.urlCredentials)
    .meta({ description: 'https only (http and private addresses only where the store allows them)' }),
  events: z
    .array(z.enum(webhookEventTypes, { error: webhookText.eventInvalid }))
    .min(1, webhookText.eventsEmpty)
    .optional()
    .meta({ description: 'absent: every event' }),
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;

/**
 * `active`: delivering; `failing`: the last attempt failed and retries are due; `disabled`:
 * the store stopped sending (`disabled_reason`: `gone` after a 410, `failing` after 24 hours of
 * failed retries). A retry of one of its deliveries turns a disabled endpoint back on.
 */
export const webhookState = z.enum(['active', 'failing', 'disabled']);
export type WebhookState = z.infer<typeof webhookState>;

/** An endpoint as every list shows it: never the secret. */
export const webhookEndpoint = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(webhookEventType),
    state: webhookState,
    disabled_reason: z.enum(['gone', 'failing']).nullable(),
    failing_since: isoDate.nullable(),
    disabled_at: isoDate.nullable(),
    /** Until then the previous secret signs too (a rotation's overlap). */
    previous_secret_until: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The creation and rotation replies: the only time the secret is sent. */
export const webhookWithSecret = webhookEndpoint
  .extend({
    secret: z.string().meta({
      description: 'whsec_ and the base64 of 24 random bytes; the HMAC key is the decoded bytes',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

/** `pending`: an attempt is due at `next_attempt_at`; `delivered`: a 2xx; `failed`: given up. */
export const webhookDeliveryState = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryState = z.infer<typeof webhookDeliveryState>;

export const webhookDelivery = z
  .object({
    id: z.number().int(),
    /** The `webhook-id` header: the same on every attempt of this event. */
    event_id: z.string(),
    type: webhookEventType,
    state: webhookDeliveryState,
    attempts: z.number().int(),
    last_status: z.number().int().nullable().meta({ description: 'the HTTP status of the last attempt' }),
    last_error: z.string().nullable(),
    next_attempt_at: isoDate.nullable(),
    delivered_at: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookCreatedReply = successReply(z.object({ webhook: webhookWithSecret }));
export const webhookReply = successReply(z.object({ webhook: webhookEndpoint }));
export const webhooksReply = successReply(z.object({ webhooks: z.array(webhookEndpoint) }));
export const webhookDeliveriesReply = successReply(z.object({ deliveries: z.array(webhookDelivery) }));
export const webhookDeliveryReply = successReply(z.object({ delivery: webhookDelivery }));

/** `/webhooks/{id}/deliveries/{delivery_id}/retry`. */
export const webhookDeliveryParams = z.object({ id: rowId, delivery_id: rowId });

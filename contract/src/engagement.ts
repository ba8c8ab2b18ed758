import { z } from 'zod';
import { latinDigits } from './digits';
import { emptyReply, isoDate, successReply } from './envelope';
import { productType } from './catalog';

/** Issue 18: push subscriptions, saved players, balance statements. */

/** `GET /push/key`: the store's VAPID public key (base64url), for `PushManager.subscribe`. */
export const pushKeyReply = successReply(z.object({ public_key: z.string() }));
export type PushKeyReply = z.infer<typeof pushKeyReply>;

const b64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'اشتراك الإشعارات غير صالح');

/**
 * The browser's `PushSubscription.toJSON()`. The endpoint must be https (or a loopback http address, for a local push
 * service).
 */
export const pushSubscriptionRequest = z.object({
  endpoint: z
    .string({ error: 'اشتراك الإشعارات غير صالح' })
    .max(1000, 'اشتراك الإشعارات غير صالح')
    .refine((v) => {
      if (!URL.canParse(v)) return false;
      const u = new URL(v);
      return (
        u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
      );
    }, 'اشتراك الإشعارات غير صالح'),
  keys: z.object(
    { p256dh: b64url.min(80).max(120), auth: b64url.min(16).max(40) },
    { error: 'اشتراك الإشعارات غير صالح' },
  ),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;
export const pushSubscriptionReply = emptyReply;

export const PLAYER_LABEL_MAX = 60;

export const savedPlayer = z
  .object({
    id: z.number().int(),
    type: productType,
    player_id: z.string(),
    label: z.string(),
    player_name: z.string().nullable(),
    updated_at: isoDate,
  })
  .meta({ id: 'SavedPlayer' });
export type SavedPlayer = z.infer<typeof savedPlayer>;

export const playersQuery = z.object({ type: productType.optional() });
export const playersReply = successReply(z.object({ players: z.array(savedPlayer) }));
export type PlayersReply = z.infer<typeof playersReply>;

const playerIdField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? latinDigits(v) : v),
  z.string({ error: 'يرجى إدخال رقم اللاعب' }).trim().min(1, 'يرجى إدخال رقم اللاعب').max(100, 'رقم اللاعب طويل جداً'),
);
const labelField = z
  .string({ error: 'يرجى إدخال اسم مميز' })
  .trim()
  .min(1, 'يرجى إدخال اسم مميز')
  .max(PLAYER_LABEL_MAX, `الاسم المميز لا يزيد عن ${PLAYER_LABEL_MAX} حرفاً`);
const playerNameField = z.string().trim().max(200).nullable().optional();

/** Saving the same id for the same type again updates its label and name. */
export const savePlayerRequest = z.object({
  type: z.enum(['id', 'account'], { error: 'لا يمكن حفظ لاعب لهذا النوع من المنتجات' }),
  player_id: playerIdField,
  label: labelField,
  player_name: playerNameField,
});
export type SavePlayerRequest = z.infer<typeof savePlayerRequest>;

export const updatePlayerRequest = z.object({ label: labelField.optional(), player_name: playerNameField });
export type UpdatePlayerRequest = z.infer<typeof updatePlayerRequest>;
export const playerReply = successReply(z.object({ player: savedPlayer }));
export type PlayerReply = z.infer<typeof playerReply>;

/** `GET /balances/statement?from=YYYY-MM-DD&to=YYYY-MM-DD&format=csv|pdf`: both days included, UTC. */
const day = z
  .string({ error: 'يرجى اختيار التاريخ' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'التاريخ غير صالح')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'التاريخ غير صالح');
export const statementQuery = z
  .object({ from: day, to: day, format: z.enum(['csv', 'pdf', 'json']).default('json') })
  .refine((q) => q.from <= q.to, { message: 'تاريخ البداية بعد تاريخ النهاية', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'الكشف لا يزيد عن سنة',
    path: ['to'],
  });
export type StatementQuery = z.infer<typeof statementQuery>;

export const statementReply = successReply(
  z.object({
    from: z.string(),
    to: z.string(),
    opening: z.string(),
    closing: z.string(),
    total_credit: z.string(),
    total_debit: z.string(),
    movements: z.array(
      z.object({
        id: z.number().int(),
        created_at: isoDate,
        info: z.string(),
        credit: z.string(),
        debit: z.string(),
        balance_after: z.string(),
      }),
    ),
  }),
);
export type StatementReply = z.infer<typeof statementReply>;

import { z } from 'zod';
import { isoDate, successReply } from './envelope';
import { formBool, rowId } from './fields';

/**
 * Storefronts (`/admin/api/v1/storefronts`): several branded stores on one installation. A
 * request belongs to the storefront whose `hosts` hold its host, or whose `origins` hold the
 * Origin of a page served elsewhere; storefront 1 is the provider's own store.
 */

export const storefrontText = {
  nameRequired: 'يرجى إدخال اسم المتجر',
  nameLong: 'اسم المتجر أطول من المسموح به (120 حرفاً)',
  hostsRequired: 'يرجى إدخال نطاق واحد على الأقل للمتجر، مثل shop.example.com',
  hostInvalid: 'نطاق غير صالح: اكتب اسم النطاق وحده، مثل shop.example.com، دون https:// أو مسار',
  tooManyHosts: 'يمكن أن يضم المتجر 20 نطاقاً على الأكثر',
  originInvalid: 'مصدر غير صالح: اكتب العنوان كاملاً دون مسار، مثل https://shop.example.com',
  tooManyOrigins: 'يمكن أن يضم المتجر 20 مصدراً على الأكثر',
  markupInvalid: 'يرجى إدخال نسبة زيادة بين 0 و1000، بخانتين عشريتين على الأكثر',
  activeInvalid: 'يرجى اختيار تفعيل المتجر أو إيقافه',
} as const;

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name as a browser sends it, stored lower-cased and without a trailing dot. */
export const storefrontHost = z
  .string({ error: storefrontText.hostInvalid })
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/\.$/, ''))
  .refine((v) => HOST.test(v), storefrontText.hostInvalid);

/** An origin (`https://shop.example.com[:port]`), kept in the form browsers send in `Origin`. */
export const storefrontOrigin = z
  .string({ error: storefrontText.originInvalid })
  .trim()
  .max(300, storefrontText.originInvalid)
  .refine((v) => {
    if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(v) || !URL.canParse(v)) return false;
    const url = new URL(v);
    return url.username === '' && url.password === '';
  }, storefrontText.originInvalid)
  .transform((v) => new URL(v).origin);

/** Distinct values, in the order given: the same host twice in one list is one host. */
const distinct = <T extends z.ZodType<string>>(item: T, max: number, tooMany: string) =>
  z
    .array(item)
    .max(max, tooMany)
    .transform((list) => [...new Set(list)]);

/** Percent over the provider's price, up to two decimals (12.5 → 12.5 %): see storefront-prices.ts. */
export const markupPercent = z.coerce
  .number({ error: storefrontText.markupInvalid })
  .min(0, storefrontText.markupInvalid)
  .max(1000, storefrontText.markupInvalid)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: storefrontText.markupInvalid,
  });

const name = z
  .string({ error: storefrontText.nameRequired })
  .trim()
  .min(1, storefrontText.nameRequired)
  .max(120, storefrontText.nameLong);

export const storefrontInput = z.object({
  name,
  hosts: distinct(storefrontHost, 20, storefrontText.tooManyHosts)
    .refine((list) => list.length > 0, storefrontText.hostsRequired)
    .meta({ description: 'host names (lower-cased), each held by one storefront only' }),
  origins: distinct(storefrontOrigin, 20, storefrontText.tooManyOrigins)
    .default([])
    .meta({ description: 'origins of pages served elsewhere that call the API as this storefront' }),
  markup_percent: markupPercent.default(0),
  active: formBool.default(true),
});
export type StorefrontInput = z.input<typeof storefrontInput>;

export const storefrontPatch = z.object({
  name: name.optional(),
  hosts: distinct(storefrontHost, 20, storefrontText.tooManyHosts).optional(),
  origins: distinct(storefrontOrigin, 20, storefrontText.tooManyOrigins).optional(),
  markup_percent: markupPercent.optional(),
  active: formBool.optional(),
});
export type StorefrontPatch = z.input<typeof storefrontPatch>;

export const storefront = z
  .object({
    id: z.number().int(),
    name: z.string(),
    hosts: z.array(z.string()),
    origins: z.array(z.string()),
    markup_percent: z.number(),
    active: z.boolean(),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'Storefront' });
export type Storefront = z.infer<typeof storefront>;

export const storefrontsReply = successReply(z.object({ storefronts: z.array(storefront) }));
export const storefrontReply = successReply(z.object({ storefront }));

/** The operator's storefront-scoped routes (settings, sliders, banks, partners) take `?storefront=`; 1 by default. */
export const storefrontQuery = z.object({
  storefront: rowId
    .optional()
    .meta({ description: 'the storefront to read or change; 1 (the provider’s own) by default' }),
});

/**
 * The operator's lists and sums over every storefront (orders, top-ups, customers, the audit log,
 * the dashboard, exports) take `?storefront=` as a filter: every storefront without it. A
 * storefront's staff always get their own storefront's, and another id is a 404.
 */
export const storefrontFilter = rowId
  .optional()
  .meta({ description: "only this storefront's; every storefront without it (a storefront's staff: always theirs)" });

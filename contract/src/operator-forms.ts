import { z } from 'zod';
import { rowId } from './fields';
import { parseMoneyStrict } from './money';

/**
 * Building blocks of operator forms. The same schema reads a JSON body and a multipart form
 * (where every value arrives as text and files as bytes), so booleans, numbers and blanks are
 * normalised here once.
 */

export { formBool } from './fields';

export const formInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const formId = rowId;

/** Required one-line text. */
export const formText = (max: number) => z.string().trim().min(1, 'هذا الحقل مطلوب').max(max);

/** Optional text where a blank value means "none". */
export const formOptionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(max).nullable());

const SITE = 'https://site.invalid';

/**
 * Whether a link is a full http(s) address, or a path that a browser resolves to this very
 * site (WHATWG URL parsing, as browsers do): `/\host`, `//host`, `\\host` or a tab inside
 * `/\t/host` all lead elsewhere and are refused.
 */
export function isSafeLink(value: string): boolean {
  // Backslashes and control characters (which URL parsing drops or turns into slashes).
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  if (value.startsWith('/')) {
    try {
      return new URL(value, SITE).origin === SITE;
    } catch {
      return false;
    }
  }
  if (!/^https?:\/\/[^/]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link shown to customers: only web addresses or paths of this site, never `javascript:`. */
export const formLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(https:\/\/|http:\/\/|\/(?!\/))[^\s<>"']*$/, 'يرجى إدخال رابط يبدأ بـ https:// أو /')
    .refine(isSafeLink, 'يرجى إدخال رابط يبدأ بـ https:// أو مسار من هذا الموقع يبدأ بـ /')
    .nullable(),
);

/** The address of another store's API (a supplier, a numbers provider): http(s), host, optional port and path. */
export const formApiBase = z
  .string()
  .trim()
  .max(300)
  .regex(/^https?:\/\/[^\s/?#]+(:\d+)?(\/[^\s?#]*)?$/, 'يرجى إدخال عنوان يبدأ بـ https://');

/** A non-negative amount, as text or number, read into integer micros (contract/money.ts). */
export const formMoney = z
  .union([z.string().trim().max(24), z.number()])
  .refine((v) => {
    const m = parseMoneyStrict(v);
    return m !== null && m >= 0;
  }, 'يرجى إدخال مبلغ صحيح، بست خانات عشرية على الأكثر ولا يتجاوز مليار')
  .transform((v) => parseMoneyStrict(v)!)
  .meta({ description: 'decimal amount, e.g. "9.50"' });

/** A signed, non-zero amount in micros (balance adjustments). */
export const formSignedMoney = z
  .union([z.string().trim().max(24), z.number()])
  .refine((v) => {
    const m = parseMoneyStrict(v);
    return m !== null && m !== 0;
  }, 'يرجى إدخال مبلغ صحيح غير صفري، بإشارة سالبة للخصم، بست خانات عشرية على الأكثر ولا يتجاوز مليار')
  .transform((v) => parseMoneyStrict(v)!)
  .meta({ description: 'signed decimal amount: "25" credits, "-5.50" debits' });

/**
 * An uploaded image as the server receives it (bytes). An empty part, which a browser sends
 * for a file input left blank, counts as no file. What the bytes really are is decided on
 * the server by their magic numbers, not by this schema.
 */
export const imageUpload = z
  .preprocess(
    (v) => (v instanceof Uint8Array && v.byteLength === 0 ? undefined : v),
    z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'يرجى اختيار صورة صالحة').optional(),
  )
  .meta({ type: 'string', format: 'binary' });

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/**
 * The update schema of a create schema: every field optional and no defaults. zod 4 applies a
 * default even inside `.partial()`, so `{ price }` used to reset every defaulted column; deriving
 * the patch here keeps a field added to the create schema covered without touching this code.
 */
export function patchOf<S extends z.ZodRawShape>(input: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(input.shape)) {
    const bare = field instanceof z.ZodDefault ? (field.def.innerType as z.ZodType) : (field as z.ZodType);
    shape[key] = bare.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<PatchShape<S>>;
}

import { z } from 'zod';
import { category, department, KEYWORDS_MAX, product, productType } from './catalog';
import { latinDigits } from './digits';
import { deliveryMode, stockCounts } from './delivery';
import { successReply } from './envelope';
import {
  formBool,
  formId,
  formInt,
  formLink,
  formMoney,
  formOptionalText,
  formText,
  imageUpload,
  patchOf,
} from './operator-forms';
import { partner } from './partners';
import { currencyMode, settings, slider } from './settings';
import { bank, bankCurrency } from './topup';

/**
 * What the operator console reads and writes for the catalog and the store's face. Create
 * schemas take a JSON body or a multipart form with an optional `img` file; update schemas
 * are the same fields, all optional and without defaults (patchOf), plus `remove_img`.
 */

const sort = formInt(-1_000_000, 1_000_000);
const removeImg = formBool.optional();

/**
 * Other words the store search finds a category or product by (a Latin name, "uc", a
 * nickname), separated by spaces or commas; digits made Latin like every typed number.
 */
const keywords = z
  .preprocess(
    (v) => (typeof v === 'string' ? latinDigits(v) : v),
    z.string().trim().max(KEYWORDS_MAX, `كلمات البحث طويلة، ${KEYWORDS_MAX} حرف على الأكثر`),
  )
  .default('');

export const adminCategory = category.extend({ sort: z.number().int() }).meta({ id: 'AdminCategory' });
export type AdminCategory = z.infer<typeof adminCategory>;
export const categoryInput = z.object({
  name: formText(120),
  available: formBool.default(true),
  keywords,
  sort: sort.default(0),
  img: imageUpload,
});
export const categoryPatch = patchOf(categoryInput).extend({ img: imageUpload, remove_img: removeImg });

export const adminDepartment = department
  .extend({ category_id: z.number().int(), sort: z.number().int() })
  .meta({ id: 'AdminDepartment' });
export type AdminDepartment = z.infer<typeof adminDepartment>;
export const departmentInput = z.object({
  category_id: formId,
  name: formText(120),
  sort: sort.default(0),
  img: imageUpload,
});
export const departmentPatch = patchOf(departmentInput).extend({ img: imageUpload, remove_img: removeImg });

export const adminProduct = product
  .extend({
    category_id: z.number().int().nullable(),
    department_id: z.number().int().nullable(),
    player_resolver: z.string().nullable(),
    /** Other words the store search finds it by; customers never see them. */
    keywords: z.string(),
    sort: z.number().int(),
    delivery: deliveryMode,
    /** The operator is told once when the available codes fall to this number. */
    low_stock_threshold: z.number().int(),
    supplier_id: z.number().int().nullable(),
    supplier_product_id: z.string().nullable(),
    /** Codes in stock; null unless the product is delivered from stock. */
    stock: stockCounts.nullable(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProduct>;

/** Blank (a form's "none" option) means no department. */
const optionalId = z.preprocess((v) => (v === '' ? null : v), formId.nullable()).optional();

/** Blank means none; shown to the customer with the code, so kept to a screen's worth. */
export const REDEEM_INSTRUCTIONS_MAX = 2000;
const redeemInstructions = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(REDEEM_INSTRUCTIONS_MAX, `خطوات الاستخدام أطول من ${REDEEM_INSTRUCTIONS_MAX} حرف`).nullable(),
  )
  .optional();

const productFields = {
  category_id: optionalId,
  department_id: optionalId,
  name: formText(160),
  keywords,
  info: z.string().max(5000).default(''),
  redeem_instructions: redeemInstructions,
  available: formBool.default(true),
  /** USD: what the customer's balance is charged. SYP and TRY are display prices. */
  price: formMoney,
  price_syr: formMoney.default(0),
  price_tr: formMoney.default(0),
  is_discount: formBool.default(false),
  discount: formInt(0, 100).default(0),
  type: productType.default('id'),
  free: formBool.default(false),
  min: formInt(1, 1_000_000).default(1),
  max: formInt(1, 1_000_000).default(1),
  unit_price: formMoney.default(0),
  unit_price_tr: formMoney.default(0),
  player_resolver: formOptionalText(40).optional(),
  sort: sort.default(0),
  delivery: deliveryMode.default('manual'),
  low_stock_threshold: formInt(0, 1_000_000).default(0),
  supplier_id: optionalId,
  supplier_product_id: formOptionalText(100).optional(),
  img: imageUpload,
};
export const productInput = z.object(productFields);
export const productPatch = patchOf(productInput).extend({ img: imageUpload, remove_img: removeImg });
export const productListQuery = z.object({
  category_id: formId.optional(),
  department_id: formId.optional(),
  search: z.string().trim().max(100).optional(),
  page: formInt(1, 100_000).default(1),
});

export const adminSlider = slider.extend({ sort: z.number().int() }).meta({ id: 'AdminSlider' });
export type AdminSlider = z.infer<typeof adminSlider>;
export const sliderInput = z.object({ link: formLink.optional(), sort: sort.default(0), img: imageUpload });
export const sliderPatch = patchOf(sliderInput).extend({ img: imageUpload, remove_img: removeImg });

export const adminBank = bank.extend({ sort: z.number().int() }).meta({ id: 'AdminBank' });
export type AdminBank = z.infer<typeof adminBank>;
export const bankInput = z.object({
  name: formText(120),
  info: z.string().trim().max(2000).default(''),
  iban: formText(64),
  holder: z.string().trim().max(120).default(''),
  /** USD by default; another currency needs its rate (local units per 1 USD, more than zero). */
  currency: bankCurrency.default('USD'),
  rate: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    formMoney.refine((m) => m > 0, 'يرجى إدخال سعر صرف أكبر من صفر').optional(),
  ),
  sort: sort.default(0),
  img: imageUpload,
});
export const bankPatch = patchOf(bankInput).extend({ img: imageUpload, remove_img: removeImg });

export const adminPartner = partner.extend({ sort: z.number().int() }).meta({ id: 'AdminPartner' });
export type AdminPartner = z.infer<typeof adminPartner>;
export const partnerInput = z.object({
  name: formText(120),
  address: z.string().trim().max(300).default(''),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^\+?[\d\s-]*$/, 'يرجى إدخال رقم هاتف صحيح')
    .default(''),
  sort: sort.default(0),
  img: imageUpload,
});
export const partnerPatch = patchOf(partnerInput).extend({ img: imageUpload, remove_img: removeImg });

/** Settings are one object: every field optional, logo and cover uploaded as files. */
export const settingsPatch = z.object({
  name: formText(120).optional(),
  news: formOptionalText(1000).optional(),
  whatsapp: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .max(40)
        .regex(/^\+?[\d\s-]+$/, 'يرجى إدخال رقم هاتف صحيح')
        .nullable(),
    )
    .optional(),
  facebook: formLink.optional(),
  telegram: formLink.optional(),
  instagram: formLink.optional(),
  online: formBool.optional(),
  currency_mode: currencyMode.optional(),
  theme_color: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, 'يرجى إدخال لون بصيغة #RRGGBB، مثل #0b1020')
        .transform((v) => v.toLowerCase())
        .nullable(),
    )
    .optional(),
  logo: imageUpload,
  cover: imageUpload,
  remove_logo: formBool.optional(),
  remove_cover: formBool.optional(),
});

export const adminCategoriesReply = successReply(z.object({ categories: z.array(adminCategory) }));
export const adminCategoryReply = successReply(z.object({ category: adminCategory }));
export const adminDepartmentsReply = successReply(z.object({ departments: z.array(adminDepartment) }));
export const adminDepartmentReply = successReply(z.object({ department: adminDepartment }));
export const adminProductReply = successReply(z.object({ product: adminProduct }));
export const adminSlidersReply = successReply(z.object({ sliders: z.array(adminSlider) }));
export const adminSliderReply = successReply(z.object({ slider: adminSlider }));
export const adminBanksReply = successReply(z.object({ banks: z.array(adminBank) }));
export const adminBankReply = successReply(z.object({ bank: adminBank }));
export const adminPartnersReply = successReply(z.object({ partners: z.array(adminPartner) }));
export const adminPartnerReply = successReply(z.object({ partner: adminPartner }));
export const adminSettingsReply = successReply(z.object({ setting: settings }));
export const departmentListQuery = z.object({ category_id: formId.optional() });

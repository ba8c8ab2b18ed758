import { moneyToString } from '@raseed/contract';
import type { chargeBatch, ledgerBatch, numberBatch, orderBatch } from './repository';
import { type Column, safeText } from './csv';

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

type Request = {
  id: number;
  created_at: string;
  status: string;
  user_id: number;
  user_email: string;
  user_name: string;
};

/** The statuses as the copy deck names them to operators (docs/copy-ar.md), beside the machine value. */
const orderStatusAr: Record<string, string> = {
  pending: 'قيد المراجعة',
  wait: 'قيد الانتظار',
  request_cancel: 'طلب إلغاء',
  success: 'مقبول',
  cancel: 'ملغي',
};
/** As the console's number purchases name them. */
const numberStatusAr: Record<string, string> = {
  waiting: 'بانتظار الكود',
  received: 'وصل الكود',
  cancelled: 'ملغي',
  refunded: 'مسترد',
};
const topupStatusAr: Record<string, string> = { pending: 'قيد الانتظار', success: 'تم الشحن', cancel: 'ملغي' };

/** `UTC+03:00`, `UTC-05:00`, `UTC+05:45`, or `UTC`: the zone the local columns are written in. */
export function zoneLabel(tz: number): string {
  if (tz === 0) return 'UTC';
  const abs = Math.abs(tz);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${tz < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * A stored ISO instant as `YYYY-MM-DD HH:mm:ss` in the operator's zone (`tz` minutes east of
 * UTC): the form spreadsheets read as a date and time, without the `T`, the `Z` or milliseconds.
 */
export function localTime(iso: string | null, tz: number): string | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  return new Date(ms + tz * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The date twice: local for people (spreadsheet-ready), ISO in UTC for machines. */
function when<T extends { created_at: string }>(tz: number): Column<T>[] {
  return [
    { header: `التاريخ (${zoneLabel(tz)})`, value: (r) => localTime(r.created_at, tz) },
    { header: 'التاريخ (ISO)', value: (r) => r.created_at },
  ];
}

/** Column headers in Arabic (the operators' language); each value also in the form machines read. */
function requestHead<T extends Request>(tz: number, names: Record<string, string>): Column<T>[] {
  return [
    { header: 'رقم الطلب', value: (r) => r.id },
    ...when<T>(tz),
    { header: 'الحالة', value: (r) => names[r.status] ?? r.status },
    { header: 'الحالة (رمز)', value: (r) => r.status },
    { header: 'رقم العميل', value: (r) => r.user_id },
    { header: 'بريد العميل', value: (r) => safeText(r.user_email) },
    { header: 'اسم العميل', value: (r) => safeText(r.user_name) },
  ];
}

/** The price the storefront charged, the provider's price kept beside it, and the storefront's margin. */
export const orderColumns = (tz: number): Column<Row<typeof orderBatch>>[] => [
  ...requestHead(tz, orderStatusAr),
  { header: 'رقم المتجر', value: (r) => r.storefront_id },
  { header: 'رقم المنتج', value: (r) => r.product_id },
  { header: 'المنتج', value: (r) => safeText(r.product_name) },
  { header: 'الكمية', value: (r) => r.quantity },
  { header: 'السعر (USD)', value: (r) => moneyToString(r.price) },
  { header: 'سعر المزود (USD)', value: (r) => moneyToString(Number(r.provider_price)) },
  { header: 'الهامش (USD)', value: (r) => moneyToString(r.price - Number(r.provider_price)) },
  { header: 'السعر (SYP)', value: (r) => moneyToString(r.price_syr) },
  { header: 'معرّف اللاعب', value: (r) => safeText(r.data) },
  { header: 'الهاتف', value: (r) => safeText(r.phone) },
  { header: `آخر تحديث (${zoneLabel(tz)})`, value: (r) => localTime(r.updated_at, tz) },
];

/** Number purchases as orders are written: the price charged, the provider's price and the margin. */
export const numberColumns = (tz: number): Column<Row<typeof numberBatch>>[] => [
  ...requestHead(tz, numberStatusAr),
  { header: 'رقم المتجر', value: (r) => r.storefront_id },
  { header: 'الخدمة', value: (r) => safeText(r.name) },
  { header: 'السعر (USD)', value: (r) => moneyToString(r.price) },
  { header: 'سعر المزود (USD)', value: (r) => moneyToString(Number(r.provider_price)) },
  { header: 'الهامش (USD)', value: (r) => moneyToString(r.price - Number(r.provider_price)) },
  { header: 'الرقم', value: (r) => safeText(r.phone) },
  { header: `تاريخ الاسترداد (${zoneLabel(tz)})`, value: (r) => localTime(r.refunded_at, tz) },
  { header: `آخر تحديث (${zoneLabel(tz)})`, value: (r) => localTime(r.updated_at, tz) },
];

export const chargeColumns = (tz: number): Column<Row<typeof chargeBatch>>[] => [
  ...requestHead(tz, topupStatusAr),
  { header: 'طريقة الدفع', value: (r) => safeText(r.bank_name) },
  { header: 'المبلغ (USD)', value: (r) => moneyToString(r.amount) },
  // As the customer typed it; matching uses the normalised copy, not exported.
  { header: 'رقم الحوالة', value: (r) => safeText(r.transfer_ref) },
  { header: 'مكرر من الطلب', value: (r) => r.duplicate_of },
  { header: 'سبب الرفض', value: (r) => safeText(r.reason) },
  { header: `تاريخ القرار (${zoneLabel(tz)})`, value: (r) => localTime(r.decided_at, tz) },
];

export const ledgerColumns = (tz: number): Column<Row<typeof ledgerBatch>>[] => [
  { header: 'رقم الحركة', value: (r) => r.id },
  ...when<Row<typeof ledgerBatch>>(tz),
  { header: 'رقم العميل', value: (r) => r.user_id },
  { header: 'بريد العميل', value: (r) => safeText(r.user_email) },
  { header: 'دائن (USD)', value: (r) => moneyToString(r.credit) },
  { header: 'مدين (USD)', value: (r) => moneyToString(r.debit) },
  { header: 'الرصيد بعدها (USD)', value: (r) => moneyToString(r.balance_after) },
  { header: 'البيان', value: (r) => safeText(r.info) },
  { header: 'نوع المرجع', value: (r) => r.ref_type },
  { header: 'رقم المرجع', value: (r) => r.ref_id },
];

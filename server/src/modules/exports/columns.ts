import { moneyToString } from '@raseed/contract';
import type { chargeBatch, ledgerBatch, orderBatch } from './repository';
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

/** Column headers in Arabic (the operators' language); values stay machine-readable. */
function requestHead<T extends Request>(): Column<T>[] {
  return [
    { header: 'رقم الطلب', value: (r) => r.id },
    { header: 'التاريخ', value: (r) => r.created_at },
    { header: 'الحالة', value: (r) => r.status },
    { header: 'رقم العميل', value: (r) => r.user_id },
    { header: 'بريد العميل', value: (r) => safeText(r.user_email) },
    { header: 'اسم العميل', value: (r) => safeText(r.user_name) },
  ];
}

export const orderColumns: Column<Row<typeof orderBatch>>[] = [
  ...requestHead(),
  { header: 'رقم المنتج', value: (r) => r.product_id },
  { header: 'المنتج', value: (r) => safeText(r.product_name) },
  { header: 'الكمية', value: (r) => r.quantity },
  { header: 'السعر (USD)', value: (r) => moneyToString(r.price) },
  { header: 'السعر (SYP)', value: (r) => moneyToString(r.price_syr) },
  { header: 'معرّف اللاعب', value: (r) => safeText(r.data) },
  { header: 'الهاتف', value: (r) => safeText(r.phone) },
  { header: 'آخر تحديث', value: (r) => r.updated_at },
];

export const chargeColumns: Column<Row<typeof chargeBatch>>[] = [
  ...requestHead(),
  { header: 'طريقة الدفع', value: (r) => safeText(r.bank_name) },
  { header: 'المبلغ (USD)', value: (r) => moneyToString(r.amount) },
  { header: 'رقم الحوالة', value: (r) => safeText(r.transfer_ref) },
  { header: 'مكرر من الطلب', value: (r) => r.duplicate_of },
  { header: 'سبب الرفض', value: (r) => safeText(r.reason) },
  { header: 'تاريخ القرار', value: (r) => r.decided_at },
];

export const ledgerColumns: Column<Row<typeof ledgerBatch>>[] = [
  { header: 'رقم الحركة', value: (r) => r.id },
  { header: 'التاريخ', value: (r) => r.created_at },
  { header: 'رقم العميل', value: (r) => r.user_id },
  { header: 'بريد العميل', value: (r) => safeText(r.user_email) },
  { header: 'دائن (USD)', value: (r) => moneyToString(r.credit) },
  { header: 'مدين (USD)', value: (r) => moneyToString(r.debit) },
  { header: 'الرصيد بعدها (USD)', value: (r) => moneyToString(r.balance_after) },
  { header: 'البيان', value: (r) => safeText(r.info) },
  { header: 'نوع المرجع', value: (r) => r.ref_type },
  { header: 'رقم المرجع', value: (r) => r.ref_id },
];

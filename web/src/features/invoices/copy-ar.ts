import type { NumberStatus } from '@raseed/contract';

/** Strings of the number-purchases screen (/invoices); only this lazily loaded screen ships them. */
export const invoicesAr = {
  'invoices.services': 'اشترِ رقماً جديداً',
  'invoices.servicesHint':
    'اختر التطبيق والدولة. لا تدفع إلا إذا وصل الكود: إن لم يصل خلال المهلة يُعاد المبلغ إلى رصيدك.',
  'invoices.noServices': 'لا توجد خدمات متاحة حالياً',
  'invoices.available': 'متاح: {count} رقم',
  'invoices.soldOut': 'غير متوفر حالياً',
  'invoices.buy': 'شراء',
  'invoices.buying': 'جاري الشراء...',
  'invoices.bought': 'تم شراء الرقم، انتظر وصول الكود',
  'invoices.list': 'مشترياتي من الأرقام',
  'invoices.empty': 'لا توجد مشتريات أرقام بعد',
  'invoices.statusLabel': 'الحالة',
  'invoices.all': 'الكل',
  'invoices.number': 'عملية #{id}',
  'invoices.phone': 'الرقم',
  'invoices.phonePending': 'جاري تجهيز الرقم...',
  'invoices.code': 'كود التفعيل',
  'invoices.codeWaiting': 'بانتظار وصول الكود...',
  'invoices.previousCodes': 'أكواد سابقة',
  'invoices.copy': 'نسخ',
  'invoices.copied': 'تم النسخ',
  'invoices.copyPhone': 'نسخ الرقم',
  'invoices.copyCode': 'نسخ الكود',
  'invoices.timeLeft': 'الوقت المتبقي',
  'invoices.price': 'السعر',
  'invoices.createdAt': 'تاريخ الشراء',
  'invoices.cancel': 'إلغاء واسترداد المبلغ',
  'invoices.cancelled': 'تم إلغاء الرقم وإعادة المبلغ إلى رصيدك',
  'invoices.resend': 'طلب كود آخر',
  'invoices.resent': 'تم طلب كود جديد، انتظر وصوله',
  'invoices.usd': 'دولار',
  'invoices.syp': 'ليرة سورية',
  'invoices.try': 'ليرة تركية',
  'status.waiting': 'بانتظار الكود',
  'status.received': 'وصل الكود',
  'status.cancelled': 'ملغي',
  'status.refunded': 'مسترد',
} as const;

export type InvoicesKey = keyof typeof invoicesAr;

export function it(key: InvoicesKey, vars?: Record<string, string | number>): string {
  const text: string = invoicesAr[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

export const statusKey = (s: NumberStatus): InvoicesKey => `status.${s}`;

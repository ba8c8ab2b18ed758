import type { NumberStatus } from '@raseed/contract';

/** Strings of the number-purchases screen (/invoices); only this lazily loaded screen ships them. */
export const numbersAr = {
  'numbers.services': 'اشترِ رقماً جديداً',
  'numbers.servicesHint':
    'اختر التطبيق والدولة. لا تدفع إلا إذا وصل الكود: إن لم يصل خلال المهلة يُعاد المبلغ إلى رصيدك.',
  'numbers.noServices': 'لا توجد خدمات متاحة حالياً',
  'numbers.available': 'متاح: {count} رقم',
  'numbers.soldOut': 'غير متوفر حالياً',
  'numbers.buy': 'شراء',
  'numbers.buying': 'جاري الشراء...',
  'numbers.bought': 'تم شراء الرقم، انتظر وصول الكود',
  'numbers.list': 'مشترياتي من الأرقام',
  'numbers.empty': 'لا توجد مشتريات أرقام بعد',
  'numbers.statusLabel': 'الحالة',
  'numbers.all': 'الكل',
  'numbers.number': 'عملية #{id}',
  'numbers.phone': 'الرقم',
  'numbers.phonePending': 'جاري تجهيز الرقم...',
  'numbers.code': 'كود التفعيل',
  'numbers.codeWaiting': 'بانتظار وصول الكود...',
  'numbers.previousCodes': 'أكواد سابقة',
  'numbers.copy': 'نسخ',
  'numbers.copied': 'تم النسخ',
  'numbers.copyPhone': 'نسخ الرقم',
  'numbers.copyCode': 'نسخ الكود',
  'numbers.timeLeft': 'الوقت المتبقي',
  'numbers.price': 'السعر',
  'numbers.createdAt': 'تاريخ الشراء',
  'numbers.cancel': 'إلغاء واسترداد المبلغ',
  'numbers.cancelled': 'تم إلغاء الرقم وإعادة المبلغ إلى رصيدك',
  'numbers.resend': 'طلب كود آخر',
  'numbers.resent': 'تم طلب كود جديد، انتظر وصوله',
  'numbers.usd': 'دولار',
  'numbers.syp': 'ليرة سورية',
  'numbers.try': 'ليرة تركية',
  'status.waiting': 'بانتظار الكود',
  'status.received': 'وصل الكود',
  'status.cancelled': 'ملغي',
  'status.refunded': 'مسترد',
} as const;

export type NumbersKey = keyof typeof numbersAr;

export function nt(key: NumbersKey, vars?: Record<string, string | number>): string {
  const text: string = numbersAr[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (vars[name] === undefined ? whole : String(vars[name])));
}

export const statusKey = (s: NumberStatus): NumbersKey => `status.${s}`;

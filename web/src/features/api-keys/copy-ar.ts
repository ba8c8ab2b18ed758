/** Strings of the API keys page (this feature's own, apart from the shared dictionary), as the copy deck writes. */
export const keysAr = {
  title: 'واجهة البرمجة',
  intro:
    'اربط متجرك أو تطبيقك بحسابك: يطلب ويتابع طلباتك ورصيدك عبر واجهة البرمجة. ' +
    'المفتاح يعمل باسم حسابك، فاحفظه كما تحفظ كلمة المرور.',
  profileLink: 'إدارة مفاتيح واجهة البرمجة',
  profileHint: 'مفاتيح لربط متجرك أو تطبيقك بحسابك.',
  createTitle: 'مفتاح جديد',
  name: 'اسم المفتاح',
  nameHint: 'اسم تعرف به مكان استخدامه، مثل «متجري الإلكتروني»',
  mode: 'وضع المفتاح',
  modeLive: 'فعلي',
  modeTest: 'تجربة (للقراءة فقط حالياً)',
  allowedIps: 'العناوين المسموح بها (اختياري)',
  allowedIpsHint:
    'عنوان IP أو نطاق في كل سطر، مثل 203.0.113.7 أو 203.0.113.0/24. اتركه فارغاً ليعمل المفتاح من أي عنوان.',
  create: 'إنشاء المفتاح',
  creating: 'جاري الإنشاء...',
  tokenTitle: 'انسخ المفتاح الآن',
  tokenHint: 'هذه المرة الوحيدة التي يظهر فيها المفتاح كاملاً. إن فقدته فألغِه وأنشئ مفتاحاً جديداً.',
  copy: 'نسخ المفتاح',
  copied: 'نسخت المفتاح',
  listTitle: 'مفاتيحك',
  empty: 'لا توجد مفاتيح بعد.',
  createdAt: 'أُنشئ: {date}',
  lastUsed: 'آخر استخدام: {date}',
  neverUsed: 'لم يُستخدم بعد',
  anyAddress: 'من أي عنوان',
  onlyFrom: 'يعمل من: ',
  revoke: 'إلغاء المفتاح',
  revokeTitle: 'إلغاء المفتاح «{name}»؟',
  revokeText: 'يتوقف كل برنامج يستخدم هذا المفتاح فوراً، ولا يمكن التراجع عن الإلغاء.',
  back: 'رجوع',
  revoking: 'جاري الإلغاء...',
  revoked: 'تم إلغاء المفتاح',
} as const;

export type KeysCopy = keyof typeof keysAr;

/** A string with its `{name}` placeholders filled. */
export function kt(key: KeysCopy, vars: Record<string, string> = {}): string {
  return keysAr[key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

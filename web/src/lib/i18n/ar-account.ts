/**
 * Strings of getting back into an account (forgot password), the signed-out notice, the 2FA
 * setup key and recovery codes, and the home cover. Merged into `ar`; same plain Arabic as the deck.
 */
export const arAccount = {
  'auth.forgot': 'نسيت كلمة المرور؟',
  'forgot.title': 'استعادة الحساب',
  'forgot.hint': 'أدخل البريد الإلكتروني المسجّل في حسابك، وسنرسل إليه رابطاً لتعيين كلمة مرور جديدة.',
  'forgot.send': 'أرسل الرابط',
  'forgot.sentTitle': 'تحقق من بريدك',
  'forgot.again': 'لم تصلك الرسالة؟ أرسل رابطاً آخر',
  'forgot.noMail': 'لا يرسل هذا المتجر رسائل بالبريد. لاستعادة حسابك تواصل معنا عبر واتساب وسنساعدك.',
  'forgot.whatsapp': 'تواصل معنا عبر واتساب',
  'forgot.noContact': 'لا يرسل هذا المتجر رسائل بالبريد. لاستعادة حسابك تواصل مع فريق المتجر.',
  'reset.title': 'تعيين كلمة مرور جديدة',
  'reset.password': 'كلمة المرور الجديدة',
  'reset.hint': '8 أحرف على الأقل. بعد الحفظ يُسجَّل الخروج من كل الأجهزة.',
  'reset.save': 'حفظ كلمة المرور',
  'reset.missing': 'هذا الرابط ناقص. افتح الرابط كما وصلك في الرسالة، أو اطلب رابطاً جديداً.',
  'reset.newLink': 'اطلب رابطاً جديداً',
  'reset.toLogin': 'تسجيل الدخول',
  'session.endedTitle': 'تم تسجيل خروجك',
  '2fa.copyKey': 'نسخ مفتاح الإعداد',
  '2fa.openApp': 'فتح في تطبيق المصادقة',
  '2fa.openAppHint': 'على الهاتف نفسه: يضيف هذا الرابط الحساب إلى تطبيق المصادقة مباشرة.',
  '2fa.copyCodes': 'نسخ كل الرموز',
  '2fa.downloadCodes': 'تنزيل الرموز (ملف نصي)',
  '2fa.codesFileTitle': 'رموز الاسترداد لحسابك في {store} ({email})',
  '2fa.codesFileHint': 'يصلح كل رمز لتسجيل دخول واحد إذا لم يكن هاتفك معك. احفظ هذا الملف في مكان آمن.',
  'orders.notFound': 'هذا الطلب غير موجود في حسابك',
  'orders.notFoundHint': 'ربما كُتب رقم الطلب خطأً. تجد كل طلباتك في «مشترياتي».',
  'home.cover': 'صورة غلاف {name}',
} as const;

/** Arabic messages the server sends in `msg`. Customer-facing: plain Modern Standard Arabic. */
export const msg = {
  badRequest: 'الطلب غير صالح',
  unauthorized: 'يرجى تسجيل الدخول للمتابعة',
  forbidden: 'ليس لديك صلاحية للقيام بهذا الإجراء',
  notFound: 'العنصر المطلوب غير موجود',
  routeNotFound: 'الرابط المطلوب غير موجود',
  methodNotAllowed: 'هذا الإجراء غير مدعوم على هذا الرابط',
  tooLarge: 'حجم الطلب أكبر من المسموح به',
  headersTooLarge: 'عنوان الطلب أو ترويساته أطول من المسموح به',
  timeout: 'انتهت مهلة الطلب، يرجى المحاولة مجدداً',
  unsupportedMedia: 'نوع المحتوى غير مدعوم',
  invalid: 'البيانات المدخلة غير صالحة، يرجى مراجعتها',
  tooMany: 'محاولات كثيرة، يرجى الانتظار قليلاً ثم المحاولة مجدداً',
  server: 'حدث خطأ في الخادم، يرجى المحاولة لاحقاً',
  unavailable: 'الخدمة غير متاحة مؤقتاً، يرجى المحاولة لاحقاً',
  sessionExpired: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد',
  passwordConfirmRequired: 'لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة',
  operatorTwoFactorRequired: 'يجب تفعيل التحقق بخطوتين لحساب المشرف قبل استخدام لوحة التحكم. فعّله من صفحة /enable-2fa',
  insufficientBalance: 'رصيدك غير كافٍ لإتمام هذه العملية',
  apiKeyNotForThis:
    'لا يمكن استخدام مفتاح واجهة البرمجة لهذا الإجراء: إدارة المفاتيح والبريد الإلكتروني وكلمة المرور ' +
    'والمصادقة الثنائية والجلسات والإشعارات تتم من حسابك في المتجر فقط',
} as const;

/** A 4xx status with no more specific message. */
export function messageForStatus(status: number): string {
  switch (status) {
    case 401:
      return msg.unauthorized;
    case 403:
      return msg.forbidden;
    case 404:
      return msg.notFound;
    case 405:
      return msg.methodNotAllowed;
    case 413:
      return msg.tooLarge;
    case 408:
      return msg.timeout;
    case 415:
      return msg.unsupportedMedia;
    case 423:
      return msg.passwordConfirmRequired;
    case 431:
      return msg.headersTooLarge;
    case 422:
      return msg.invalid;
    case 429:
      return msg.tooMany;
    case 503:
      return msg.unavailable;
    default:
      return status >= 500 ? msg.server : msg.badRequest;
  }
}

/** What operators and customers read about automatic delivery. */
export const deliveryMsg = {
  codeNotFound: 'الكود غير موجود',
  codeSold: 'لا يمكن حذف كود تم بيعه',
  supplierNotFound: 'المورد غير موجود',
  supplierInUse: 'لا يمكن حذف مورد مرتبط بمنتجات أو طلبات؛ غيّر طريقة تسليمها أولاً',
  supplierRequired: 'يرجى اختيار المورد',
  supplierProductRequired: 'يرجى إدخال رقم المنتج لدى المورد',
  forwardBusy: 'الطلب قيد التنفيذ لدى المورد؛ انتظر النتيجة أو حتى يحتاج إلى متابعة',
  notForwarded: 'هذا الطلب لا يحتاج إلى إعادة محاولة',
  /** A delivery to /hooks/suppliers/{id} that the supplier's secret did not sign (or too old). */
  hookUnsigned: 'توقيع الإشعار غير صحيح أو انتهت صلاحيته',
  hookUnreadable: 'نص الإشعار غير مفهوم',
  /** A code file's line the operator must fix; nothing of the file is stored. */
  lineQuoteOpen: (line: number) => `السطر ${line}: علامة اقتباس (") لم تُغلق في السطر نفسه`,
  lineQuoteStray: (line: number) => `السطر ${line}: نص بعد علامة الاقتباس المغلِقة؛ يجب أن تليها فاصلة أو نهاية السطر`,
  lineInvisible: (line: number) =>
    `السطر ${line}: الكود يحتوي في وسطه على رموز غير مرئية (علامات اتجاه أو مسافات صفرية)؛ احذفها وأعد الرفع`,
  /** Upstream trouble as the operator reads it in the attention queue. */
  connectionFailed: (reason: string) => `لم يُحفظ المورد: فشل اختبار الاتصال به (${reason})`,
  upstream: {
    unreachable: 'تعذّر الاتصال بالمورد',
    refusedAddress: 'عنوان المورد غير مسموح: يجب أن يبدأ بـ https وأن يكون عنواناً عاماً على الإنترنت',
    timeout: 'انتهت مهلة الاتصال بالمورد',
    server: (status: number) => `خطأ لدى المورد (${status})`,
    signIn: 'تعذّر تسجيل الدخول لدى المورد؛ تحقق من بيانات الدخول',
    refused: (text: string) => `رفض المورد الطلب: ${text}`,
    badReply: 'ردّ غير مفهوم من المورد',
    gaveUp: (attempts: number, last: string) => `توقفت المحاولات بعد ${attempts} محاولات: ${last}`,
  },
  lowStock: (name: string, left: number) => ({
    title: 'المخزون منخفض',
    msg: `بقي ${left} كود فقط من «${name}».`,
  }),
} as const;

/** Notifications to the customer about an automatically delivered order. */
export const deliveryNotice = {
  delivered: (id: number | string, product: string) => ({
    title: 'تم تسليم طلبك',
    msg: `تم تسليم طلبك #${id} (${product}). تجد الكود في تفاصيل الطلب.`,
  }),
  accepted: (id: number, product: string) => ({ title: 'تم قبول طلبك', msg: `تم قبول طلبك #${id} (${product}).` }),
  cancelled: (id: number, product: string) => ({
    title: 'تم رفض طلبك',
    msg: `تم رفض طلبك #${id} (${product}) وأعيد المبلغ إلى رصيدك.`,
  }),
} as const;

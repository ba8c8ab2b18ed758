/**
 * Strings of a purchase's outcome: the confirmation when the store does not answer, and the result
 * shown first on /orders after a purchase, in the copy deck's plain Arabic. Merged into `ar`.
 */
export const arResult = {
  'purchase.stalledTitle': 'لم يصل ردّ المتجر بعد',
  'purchase.stalledBody':
    'تحقق من اتصالك بالإنترنت ثم أعد المحاولة. إعادة المحاولة تكمل الطلب نفسه، فلن يُخصم ثمنه مرتين.',
  'purchase.retry': 'إعادة المحاولة',
  'purchase.close': 'إغلاق',
  'order.delivered': 'تم التسليم',
  'result.label': 'نتيجة الشراء',
  'result.delivered': 'تم التسليم: كودك جاهز',
  'result.pending': 'تم إرسال الطلب بنجاح',
  'result.accepted': 'تم تنفيذ طلبك',
  'result.cancelled': 'أُلغي الطلب',
  'result.next.pending': 'يراجع فريق المتجر طلبك الآن. تتغيّر حالته هنا فور تنفيذه، ويصلك إشعار بذلك.',
  'result.next.wait': 'بدأ فريق المتجر تنفيذ طلبك. تتغيّر حالته هنا فور انتهائه، ويصلك إشعار بذلك.',
  'result.next.accepted': 'تم تنفيذ طلبك بنجاح.',
  'result.next.cancelled': 'أُلغي الطلب وأُعيد ثمنه إلى رصيدك.',
  'result.redeemTitle': 'طريقة الاستخدام',
  'result.contact': 'تواصل معنا بخصوص هذا الطلب',
  'result.contactText': 'مرحباً، أستفسر عن الطلب رقم #{id}',
  'result.status': 'حالة الطلب: {status}',
} as const;

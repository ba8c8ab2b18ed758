/**
 * Strings of the buying moment, delivered codes and the order detail (issue 13), in the same
 * plain Arabic as the copy deck. Merged into `ar`; kept apart so the base module stays small.
 */
export const arPurchase = {
  'product.buyFor': 'شراء — {price}',
  'product.outOfStock': 'نفدت الكمية',
  'product.oldPrice': 'السعر قبل الخصم',
  'review.title': 'راجع طلبك قبل الدفع',
  'review.confirm': 'تأكيد',
  'review.back': 'رجوع',
  'review.product': 'المنتج',
  'review.price': 'السعر',
  'review.balanceNow': 'رصيدك الآن',
  'review.balanceAfter': 'رصيدك بعد الشراء',
  'review.playerNotFound': 'لم يتم العثور على اللاعب بهذا المعرّف. تأكد منه قبل المتابعة، فالشحن لمعرّف خاطئ لا يمكن استرجاعه.',
  'balance.short': 'رصيدك ({balance}) لا يكفي لهذا الطلب ({price}).',
  'balance.topUp': 'اشحن رصيدك',
  'codes.title': 'الأكواد',
  'codes.copy': 'نسخ الكود {n}',
  'orders.details': 'تفاصيل الطلب',
  'orders.detailTitle': 'الطلب #{id}',
  'orders.refund': 'المبلغ المسترد',
  'orders.history': 'سجل الحالة',
  'orders.cancelConfirm': 'هل أنت متأكد؟',
  'orders.cancelConfirmBody': 'سيُلغى الطلب ويعود ثمنه إلى رصيدك.',
  'orders.cancelYes': 'نعم، ألغِ الطلب',
  'orders.cancelNo': 'لا، تراجع',
  'orders.cancelPending': 'طلب الإلغاء قيد المراجعة',
  'orders.backToList': 'العودة إلى مشترياتي',
  'orders.browse': 'تصفح المتجر',
  'orders.secondField': 'الاسم',
} as const;

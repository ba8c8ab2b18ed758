/** What customers read about their orders: the `msg` of refusals, ledger lines and notifications. */
export const orderMsg = {
  notFound: 'الطلب غير موجود',
  keyNotFound: 'لا يوجد طلب بمفتاح الطلب هذا (Idempotency-Key)',
  apiOrder: 'لا يمكن إلغاء هذا الطلب لأنه يُنفَّذ آلياً',
  alreadyCancelled: 'هذا الطلب ملغي مسبقاً',
  alreadyAccepted: 'لا يمكن إلغاء طلب تم قبوله',
  cancelAlreadyRequested: 'طلب إلغاء هذا الطلب قيد المراجعة مسبقاً',
  transitionGone: 'لم يعد هذا الإجراء متاحاً، فقد تغيرت حالة الطلب',
  textTooLong: 'النص أطول من المسموح به (500 حرف)',
  tooManyOrders: 'أرسلت طلبات كثيرة خلال وقت قصير، يرجى الانتظار قليلاً ثم المحاولة مجدداً',
  refundInfo: (id: number) => `استرداد الطلب #${id}`,
} as const;

/** Notifications written with an operator's decision, in the same transaction. */
export const decisionNotice = {
  accepted: (id: number, product: string) => ({ title: 'تم قبول طلبك', msg: `تم قبول طلبك #${id} (${product}).` }),
  rejected: (id: number, product: string) => ({
    title: 'تم رفض طلبك',
    msg: `تم رفض طلبك #${id} (${product}) وأعيد المبلغ إلى رصيدك.`,
  }),
  waiting: (id: number, product: string) => ({
    title: 'طلبك قيد الانتظار',
    msg: `طلبك #${id} (${product}) قيد الانتظار.`,
  }),
  cancelApproved: (id: number, product: string) => ({
    title: 'تمت الموافقة على إلغاء طلبك',
    msg: `ألغي طلبك #${id} (${product}) وأعيد المبلغ إلى رصيدك.`,
  }),
  cancelDenied: (id: number, product: string) => ({
    title: 'تم رفض طلب الإلغاء',
    msg: `لم تتم الموافقة على إلغاء طلبك #${id} (${product})، وهو قيد الانتظار.`,
  }),
} as const;

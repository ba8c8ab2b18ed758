/** The Arabic words of test mode, as a customer's system shows them. */
export const testOrderMsg = {
  delivered: 'طلب تجريبي: تم التنفيذ (لم يُشحن شيء فعلياً)',
  rejected: 'طلب تجريبي مرفوض: رقم اللاعب ينتهي بـ 0003، وأُعيد المبلغ إلى رصيد التجربة',
  short: 'رصيد التجربة لا يكفي لهذا الطلب',
} as const;

/** Saved players' strings (this feature's own, apart from the shared dictionary). */
export const playersAr = {
  savedTitle: 'لاعبون محفوظون',
  pick: (label: string) => `استخدام ${label}`,
  nameChanged: 'اسم اللاعب تغيّر',
  nameChangedDetail: (before: string, now: string) =>
    `اسم اللاعب تغيّر: كان «${before}» وأصبح «${now}». تأكد من الرقم قبل الشراء.`,
  offerTitle: 'حفظ اللاعب للطلبات القادمة',
  offerText: (id: string) => `احفظ ${id} باسم مميز لتختاره بلمسة في المرة القادمة.`,
  label: 'اسم مميز',
  save: 'حفظ اللاعب',
  dismiss: 'لا، شكراً',
  saved: 'تم حفظ اللاعب',
  manageTitle: 'اللاعبون المحفوظون',
  manageEmpty: 'لا يوجد لاعبون محفوظون بعد. بعد أي طلب ناجح يمكنك حفظ رقم اللاعب.',
  rename: 'تغيير الاسم',
  remove: 'حذف',
  removed: 'تم حذف اللاعب',
  lastName: (name: string) => `آخر اسم: ${name}`,
  kindId: 'رقم لاعب',
  kindAccount: 'حساب',
} as const;

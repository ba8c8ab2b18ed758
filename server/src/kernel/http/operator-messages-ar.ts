/** What the operator reads in `msg` from the operator API. */
export const operatorMsg = {
  imageType: 'يرجى رفع صورة بصيغة JPG أو PNG أو WebP',
  imageUnreadable: 'تعذّرت قراءة الصورة، يرجى اختيار صورة أخرى',
  imageTooLarge: (mb: string) => `حجم الصورة أكبر من الحد المسموح (${mb} ميغابايت)`,
  tooManyFiles: 'يمكن رفع صورة واحدة لكل حقل فقط',
  categoryNotFound: 'القسم غير موجود',
  departmentNotFound: 'القسم الفرعي غير موجود',
  productNotFound: 'المنتج غير موجود',
  sliderNotFound: 'الشريحة غير موجودة',
  bankNotFound: 'طريقة الدفع غير موجودة',
  bankRateRequired: 'يرجى إدخال سعر الصرف: كم وحدة من عملة البنك تساوي دولاراً واحداً',
  partnerNotFound: 'الوكيل غير موجود',
  userNotFound: 'المستخدم غير موجود',
  chargeNotFound: 'طلب الشحن غير موجود',
  categoryInUse: 'لا يمكن حذف قسم يحتوي على أقسام فرعية أو منتجات؛ احذفها أو انقلها أولاً، أو اجعل القسم غير متوفر',
  departmentInUse: 'لا يمكن حذف قسم فرعي يحتوي على منتجات؛ احذفها أو انقلها أولاً',
  productInUse: 'لا يمكن حذف منتج له طلبات سابقة؛ اجعله غير متوفر بدلاً من ذلك',
  bankInUse: 'لا يمكن حذف طريقة دفع لها طلبات شحن سابقة',
  placeRequired: 'يرجى اختيار القسم أو القسم الفرعي',
  departmentOutsideCategory: 'القسم الفرعي لا يتبع القسم المختار',
  maxBelowMin: 'يجب ألا يقل الحد الأعلى عن الحد الأدنى',
  priceRequired: 'يرجى إدخال سعر أكبر من صفر',
  unitPriceRequired: 'يرجى إدخال سعر وحدة أكبر من صفر للمنتج بكمية حرة',
  adjustTooLarge: 'رصيد المستخدم أقل من مبلغ الخصم',
  adjustInfo: (reason: string) => `تعديل الرصيد من الإدارة: ${reason}`,
  /** Fraud flags on top-up requests: each says what was seen, none blocks. */
  flags: {
    sameCustomer: 'للعميل نفسه',
    otherCustomer: 'لعميل آخر',
    sameReceipt: (id: number, whose: string) => `صورة الإشعار مطابقة تماماً لإشعار طلب الشحن #${id} ${whose}`,
    similarReceipt: (id: number, whose: string) =>
      `صورة الإشعار شبه مطابقة لإشعار طلب الشحن #${id} ${whose} (أُعيد حفظها أو قُصّت)`,
    referenceReused: (ref: string, id: number) => `رقم الحوالة ${ref} استُخدم من قبل في طلب الشحن #${id}`,
    amountUnusual: (amount: string, usual: string) =>
      `المبلغ ${amount} أعلى بكثير من المعتاد لهذا العميل (متوسط طلباته المقبولة ${usual})`,
    burst: (n: number) => `عدد طلبات الشحن من العميل خلال ساعة واحدة: ${n}`,
    rejectedBefore: (n: number) => `عدد طلبات الشحن المرفوضة سابقاً لهذا العميل: ${n}`,
  },
  adjustNotice: {
    title: 'تم تعديل رصيدك',
    msg: (amount: string, reason: string) => `تم تعديل رصيدك بمبلغ ${amount}. السبب: ${reason}`,
  },
} as const;

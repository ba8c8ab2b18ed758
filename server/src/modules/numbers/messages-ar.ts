/** What operators and customers read about number purchases (the customer's API errors are in the contract). */
export const numbersMsg = {
  providerMissing: 'لم يتم إعداد مزود الأرقام بعد',
  apiKeyRequired: 'يرجى إدخال مفتاح API لدى المزود',
  fieldRequired: 'هذا الحقل مطلوب',
  serviceNotFound: 'الخدمة غير موجودة',
  serviceTaken: 'هذه الخدمة مضافة مسبقاً لهذه الدولة',
  serviceInUse: 'لا يمكن حذف خدمة لها عمليات شراء؛ أوقفها بدلاً من ذلك',
  upstream: {
    unreachable: 'تعذّر الاتصال بمزود الأرقام',
    refusedAddress: 'عنوان مزود الأرقام غير مسموح: يجب أن يبدأ بـ https وأن يكون عنواناً عاماً على الإنترنت',
    timeout: 'انتهت مهلة الاتصال بمزود الأرقام؛ قد يكون الرقم حُجز دون أن يصلنا',
    server: (status: number) => `خطأ لدى مزود الأرقام (${status})`,
    noNumbers: 'لا توجد أرقام متاحة لهذه الخدمة لدى المزود',
    noBalance: 'رصيدنا لدى مزود الأرقام غير كافٍ',
    badKey: 'مفتاح API لدى مزود الأرقام غير صحيح',
    badService: 'رمز الخدمة أو الدولة غير معروف لدى المزود',
    noActivation: 'المزود لا يعرف هذا الرقم',
    earlyCancel: 'المزود لا يسمح بإلغاء الرقم في الدقائق الأولى؛ سنعيد المحاولة',
    refused: (text: string) => `رفض المزود الطلب: ${text}`,
    badReply: 'ردّ غير مفهوم من مزود الأرقام',
    lostAnswer: 'انقطع الاتصال أثناء طلب الرقم؛ لم نطلب رقماً ثانياً وأعيد المبلغ',
    gaveUp: (attempts: number, last: string) => `توقفت المحاولات بعد ${attempts} محاولات: ${last}`,
  },
} as const;

/** Notifications to the customer about a number purchase. */
export const numbersNotice = {
  code: (id: number, name: string, code: string) => ({
    title: 'وصل كود التفعيل',
    msg: `وصل الكود ${code} إلى الرقم في عملية الشراء #${id} (${name}).`,
  }),
  refunded: (id: number, name: string) => ({
    title: 'تم استرداد المبلغ',
    msg: `لم يصل أي كود إلى الرقم في عملية الشراء #${id} (${name})، فأُلغي الرقم وأعيد المبلغ إلى رصيدك.`,
  }),
  failed: (id: number, name: string) => ({
    title: 'تعذّر الحصول على رقم',
    msg: `تعذّر الحصول على رقم لعملية الشراء #${id} (${name})، وأعيد المبلغ إلى رصيدك.`,
  }),
} as const;

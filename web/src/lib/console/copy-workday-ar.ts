/**
 * The console's working-day strings: confirmations of money actions, copy buttons, keyboard
 * shortcuts, the section menu and the low-stock list.
 */
export const workdayAr = {
  'nav.more': 'المزيد',

  'confirm.back': 'رجوع',
  'confirm.working': 'جاري التنفيذ...',
  'confirm.topupApprove': 'اعتماد {amount} لـ {name}؟',
  'confirm.topupApproveNote': 'يُضاف المبلغ إلى رصيد العميل فور التأكيد.',
  'confirm.topupCorrected': 'المبلغ معدّل عن المبلغ الذي أدخله العميل ({typed}).',
  'confirm.orderAccept': 'تنفيذ الطلب #{id} ({price}) لـ {name}؟',
  'confirm.orderAcceptNote': 'يُعلَم العميل بأن طلبه نُفّذ، ويصله نص الرسالة إن كتبته.',
  'confirm.orderReject': 'رفض الطلب #{id} وإعادة {price} إلى رصيد {name}؟',
  'confirm.orderRejectNote': 'يُعاد المبلغ إلى رصيد العميل ويصله سبب الرفض.',
  'confirm.cancelApprove': 'إلغاء الطلب #{id} وإعادة {price} إلى رصيد {name}؟',
  'confirm.reason': 'السبب: {reason}',
  'confirm.message': 'الرسالة: {message}',

  'copy.playerId': 'نسخ {label}',
  'copy.value': 'نسخ {label}: {value}',
  'copy.phone': 'الهاتف',
  'copy.code': 'الكود',
  'orders.number': 'رقم الطلب',

  'keys.title': 'اختصارات لوحة المفاتيح',
  'keys.open': 'اختصارات لوحة المفاتيح (?)',
  'keys.close': 'إغلاق',
  'keys.next': 'الطلب التالي',
  'keys.prev': 'الطلب السابق',
  'keys.accept': 'قبول وتنفيذ الطلب المحدد (بعد التأكيد)',
  'keys.reject': 'رفض الطلب المحدد (يُطلب السبب ثم التأكيد)',
  'keys.help': 'إظهار هذه القائمة',
  'keys.leave': 'الخروج من مربع النص لاستعمال الاختصارات',
  'keys.note': 'لا تعمل الاختصارات أثناء الكتابة في مربع نص.',

  'stock.search': 'بحث بالكود كاملاً أو برقم الطلب',
  'stock.select': 'تحديد الكود {code}',
  'stock.selectPage': 'تحديد كل الأكواد غير المباعة في هذه الصفحة',
  'stock.deleteSelected': 'حذف المحدد ({count})',
  'stock.deleteAsk': 'حذف {count} من الأكواد غير المباعة؟',
  'stock.deleteNote': 'تُحذف الأكواد غير المباعة فقط، ولا يمكن التراجع عن الحذف.',
  'stock.deletedMany': 'حُذف {removed}، وبقي {kept} (مباع أو غير موجود)',

  'suppliers.empty':
    'لا موردين بعد. المورد متجر رصيد آخر لك فيه حساب برصيد: أضفه بعنوانه وبيانات الدخول، ثم اختره لمنتج «عبر مورد».',
  'suppliers.testNote': 'عند الحفظ يُختبر الاتصال بالمورد بتسجيل الدخول لديه، ولا يُحفظ إن فشل.',
  'suppliers.testing': 'جاري اختبار الاتصال بالمورد...',
  'suppliers.connected': 'نجح الاتصال بـ {name}، ورصيدنا لديه {balance}',

  'lowStock.title': 'منتجات قاربت على النفاد',
  'lowStock.left': 'متاح {available} · الحد {threshold}',
  'lowStock.open': 'فتح المخزون',
} as const;

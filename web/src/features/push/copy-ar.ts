/** Strings of the push prompt and the offline page's companions (kept in this feature). */
export const pushAr = {
  promptTitle: 'إشعارات الطلبات',
  promptText: 'هل تريد أن نرسل لك إشعاراً على هذا الجهاز عند قبول طلبك أو رفضه، وعند الموافقة على شحن رصيدك؟',
  enable: 'تفعيل الإشعارات',
  later: 'ليس الآن',
  enabled: 'تم تفعيل الإشعارات على هذا الجهاز',
  denied: 'رفض المتصفح الإشعارات. يمكنك السماح بها من إعدادات الموقع في المتصفح.',
  failed: 'تعذّر تفعيل الإشعارات على هذا المتصفح',
  live: 'تتحدث الطلبات فور تغيّرها',
} as const;

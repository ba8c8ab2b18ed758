/** What the operator (and, for an unknown or closed host, a visitor) reads in `msg`. */
export const storefrontMsg = {
  notFound: 'المتجر غير موجود',
  hostTaken: (host: string) => `النطاق ${host} مستخدم في متجر آخر`,
  originTaken: (origin: string) => `المصدر ${origin} مستخدم في متجر آخر`,
  providerStaysActive: 'لا يمكن إيقاف المتجر الرئيسي (المتجر رقم 1)',
  unknownHost: 'لا يوجد متجر على هذا العنوان',
  closed: 'هذا المتجر متوقف حالياً',
  staffForbidden: 'هذا القسم خاص بإدارة المزوّد، وحسابك مرتبط بمتجر واحد',
  addressTaken: 'أحد النطاقات أو المصادر صار مستخدماً في متجر آخر للتو، حدّث الصفحة وحاول مجدداً',
} as const;

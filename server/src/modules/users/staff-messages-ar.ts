/** What the provider's operator reads about a storefront's staff accounts. */
export const staffMsg = {
  defaultName: 'موظف المتجر',
  storefrontNotFound: 'المتجر غير موجود',
  emailTaken: 'البريد الإلكتروني مستخدم من قبل في حساب آخر',
  notStaff: 'هذا الحساب ليس من موظفي هذا المتجر',
  customerHoldsEmail: 'لدى هذا المتجر عميل بالبريد الإلكتروني نفسه، فلا يمكن تحويل الحساب إلى عميل',
} as const;

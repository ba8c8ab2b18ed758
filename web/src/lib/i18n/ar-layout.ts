/** Strings of the desktop header, the footer and the home search (issue 13). Merged into `ar`. */
export const arLayout = {
  'header.sections': 'أقسام المتجر',
  'header.search': 'ابحث في الأقسام',
  'header.searchButton': 'ابحث',
  'account.menu': 'حسابي',
  'account.balance': 'الرصيد',
  'footer.contact': 'تواصل معنا',
  'footer.whatsapp': 'واتساب:',
  'footer.partners': 'الوكلاء المعتمدون',
  'footer.payments': 'طرق الدفع',
  'footer.rights': '© {name}',
  'search.noResults': 'لا توجد نتائج',
  'search.noResultsFor': 'لا توجد أقسام تطابق "{q}".',
  'search.showAll': 'عرض كل الأقسام',
} as const;

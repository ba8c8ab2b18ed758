/**
 * Operator-area strings. Kept apart from lib/i18n/ar.ts on purpose: that module is in the
 * customers' bundle, and nothing of the operator area should ship to them.
 */
export const operatorAr = {
  'admin.title': 'لوحة التحكم',
} as const;

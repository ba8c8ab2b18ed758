import type { Product } from '@raseed/contract';
import { t } from '@/lib/i18n';
import type { ReviewRow } from '../components/purchase-review';
import { fieldLabels } from './order-labels';

/** The review's lines for what the customer typed; a password is never repeated on screen. */
export function reviewRows(
  product: Product,
  v: { first?: string; second?: string; qty?: string; note?: string },
): ReviewRow[] {
  const labels = fieldLabels(product.type);
  const rows: ReviewRow[] = [];
  if (v.first !== undefined) rows.push({ label: t(labels.first), value: v.first.trim(), ltr: true });
  if (v.second?.trim() && !labels.secondIsPassword) rows.push({ label: t(labels.second), value: v.second.trim() });
  rows.push({ label: t('order.quantity'), value: v.qty ?? '1', ltr: true });
  if (v.note?.trim()) rows.push({ label: t('order.note'), value: v.note.trim() });
  return rows;
}

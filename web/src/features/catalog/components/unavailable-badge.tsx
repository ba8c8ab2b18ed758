import { Badge } from '@/components/ui/badge';
import { t } from '@/lib/i18n';

/**
 * docs/product-rules.md#screens: the red 'not available' badge (also "sold out"). Red text on the pale danger
 * background keeps 4.5:1 in both themes; white on the bright red did not in the dark one.
 */
export function UnavailableBadge({ soldOut = false }: { soldOut?: boolean }) {
  return <Badge tone="danger">{soldOut ? t('product.outOfStock') : t('category.unavailable')}</Badge>;
}

import { t } from '@/lib/i18n';

/**
 * docs/product-rules.md#screens: the red 'not available' badge (also "sold out"). Red text on the pale danger
 * background keeps 4.5:1 in both themes; white on the bright red did not in the dark one.
 */
export function UnavailableBadge({ soldOut = false }: { soldOut?: boolean }) {
  return (
    <span
      className={
        'inline-flex items-center rounded-full border border-danger/60 ' +
        'bg-danger-bg px-2.5 py-0.5 text-xs font-bold text-danger'
      }
    >
      {soldOut ? t('product.outOfStock') : t('category.unavailable')}
    </span>
  );
}

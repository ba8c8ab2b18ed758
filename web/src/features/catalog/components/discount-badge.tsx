import { t } from '@/lib/i18n';

/** The percentage off, shown when the operator marked the product as discounted. */
export function DiscountBadge({ percent }: { percent: number }) {
  return (
    <span className="inline-flex items-center rounded-full bg-accent px-2.5 py-0.5 text-xs font-bold text-accent-fg">
      {t('product.discountPercent', { n: percent })}
    </span>
  );
}

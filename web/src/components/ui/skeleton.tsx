import { t } from '@/lib/i18n';

/** Grey stand-ins shaped like the cards that are loading, so the page frame shows at once. */
export function SkeletonCards({
  count,
  className = 'grid gap-4 md:grid-cols-2',
  itemClass = 'h-40',
}: {
  count: number;
  className?: string;
  itemClass?: string;
}) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
          key={i}
          aria-hidden="true"
          className={`animate-pulse rounded-2xl border border-line bg-surface motion-reduce:animate-none ${itemClass}`}
        />
      ))}
    </div>
  );
}

import { CountBadge } from '@/components/ui/badge';
import { ot } from '@/lib/console/copy-ar';

/**
 * The slot of a section's count. It keeps one width whether the count is 0, 7 or 120, so a
 * badge that changes never moves the tabs (counts over 99 read «99+», the full number is in the
 * label). The low-stock count is a warning and says what it counts.
 */
export function SectionCount({ count, lowStock }: { count: number | undefined; lowStock: boolean }) {
  const shown = count && count > 99 ? '99+' : String(count ?? '');
  // Read aloud as the full number, and for low stock as what it counts.
  const label = lowStock ? ot('nav.lowStock', { count: count ?? 0 }) : String(count ?? '');
  const spoken = label === shown ? shown : undefined;
  return (
    <span className="relative inline-flex w-9 shrink-0 justify-center tabular-nums">
      {count ? (
        <CountBadge tone={lowStock ? 'danger' : 'accent'} title={lowStock ? label : undefined}>
          {spoken ?? (
            <>
              <span aria-hidden="true">{shown}</span>
              <span className="sr-only">{label}</span>
            </>
          )}
        </CountBadge>
      ) : null}
    </span>
  );
}

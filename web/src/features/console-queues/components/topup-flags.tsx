import type { AdminCharge } from '@raseed/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { textLinkClass } from '@/components/ui/text-link';

/**
 * Why a top-up deserves a second look, as the server explains it; a copied receipt links to the
 * earlier request so both pictures can be compared. Warnings only: the buttons stay enabled.
 */
export function TopupFlags({ topup }: { topup: AdminCharge }) {
  const id = useId();
  if (topup.flags.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-danger bg-danger-bg p-3">
      <h3 id={id} className="text-sm font-bold text-danger">
        {ot('topups.flags')} <span className="font-normal">· {ot('topups.flagsNote')}</span>
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1.5 ps-5 text-sm text-fg">
        {topup.flags.map((flag) => (
          <li key={flag.code} data-flag={flag.code}>
            {flag.text}
            {(flag.code === 'same_receipt' || flag.code === 'similar_receipt') && topup.duplicate_of !== null ? (
              <>
                {' '}
                <Link to={adminPaths.topup(topup.duplicate_of)} className={textLinkClass}>
                  {ot('topups.openEarlier', { id: topup.duplicate_of })}
                </Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

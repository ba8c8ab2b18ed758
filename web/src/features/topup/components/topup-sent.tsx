import type { Charge } from '@raseed/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { TopupStatus } from './topup-status';

/** After sending: the request's number, amount and status, and where to follow it («طلبات الشحن»). */
export function TopupSent({ charge, onAnother }: { charge: Charge; onAnother: () => void }) {
  // The form was sent from lower down the page: the result takes the focus, so it is in view and announced.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: false }), []);
  return (
    <Card className="flex scroll-mt-24 flex-col gap-3" role="status" aria-live="polite">
      <h2 ref={heading} tabIndex={-1} className="scroll-mt-24 text-lg font-bold text-fg focus:outline-none">
        {t('topup.sentTitle', { id: charge.id })}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">{t('topups.col.amount')}</dt>
        <dd className="font-bold text-fg">
          <bdi className="whitespace-nowrap">{formatCurrency(charge.amount)}</bdi>
          {charge.currency !== 'USD' ? (
            <bdi className="ms-2 whitespace-nowrap font-normal text-muted">
              ({formatCurrency(charge.amount_local, charge.currency)})
            </bdi>
          ) : null}
        </dd>
        <dt className="text-muted">{t('topups.col.status')}</dt>
        <dd>
          <TopupStatus status={charge.status} reason={charge.reason} />
        </dd>
      </dl>
      <p className="text-sm text-muted">{t('topup.sentNext')}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.topups} className={buttonClass('primary')}>
          {t('nav.topups')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('topup.another')}
        </Button>
      </div>
    </Card>
  );
}

import type { StorefrontAccount } from '@raseed/contract';
import { Button } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/error-note';
import { ot } from '@/lib/console/copy-ar';
import { toastError } from '@/lib/error-toast';
import { formatCurrency, formatDate, parseMoney } from '@/lib/format';
import { useMarkRefusalsSeen, useStaffAccount } from '../api';
import { formatCount } from './format';
import { StatTile } from './stat-tile';

/**
 * Why the staff must call the provider: the account is low (or empty), or it has refused
 * customers' orders since this staff member last marked them seen, however long ago. Null when
 * neither. «تم الاطّلاع» marks the refusals shown as seen, for this member alone; a low account
 * still warns after it.
 */
function Warning({ account: a }: { account: StorefrontAccount }) {
  const markSeen = useMarkRefusalsSeen();
  const refused = a.unseen_refusals > 0;
  if (!a.low && !refused) return null;
  const empty = (parseMoney(a.available) ?? 0) <= 0;
  const title = refused
    ? ot('staffAccount.refusedTitle')
    : ot(empty ? 'staffAccount.emptyTitle' : 'staffAccount.lowTitle');
  return (
    <ErrorNote role="alert" className="flex flex-col gap-1 border border-danger/40 p-4">
      <p className="font-bold">{title}</p>
      <p>{ot('staffAccount.refusing', { available: formatCurrency(a.available) })}</p>
      {refused ? (
        <>
          <p>
            {ot('staffAccount.unseenRefused', { count: formatCount(a.unseen_refusals) })}
            {a.last_refused_at && a.last_refused_price
              ? ` ${ot('staffAccount.lastRefused', {
                  at: formatDate(a.last_refused_at),
                  price: formatCurrency(a.last_refused_price),
                })}`
              : null}
          </p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2 self-start"
            disabled={markSeen.isPending}
            onClick={() =>
              markSeen.mutate({ storefront: a.storefront_id, refusedCount: a.refused_count }, { onError: toastError })
            }
          >
            {ot('staffAccount.seen')}
          </Button>
        </>
      ) : null}
    </ErrorNote>
  );
}

/** A storefront's staff's view of what their storefront has left with the provider. */
export function StaffAccount() {
  const { data: account } = useStaffAccount();
  if (!account) return null;
  return (
    <section aria-label={ot('staffAccount.title')} className="mb-4 flex flex-col gap-3">
      <Warning account={account} />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile
          label={ot('account.balance')}
          value={formatCurrency(account.balance)}
          alert={account.low}
          hint={ot('account.limitLine', { limit: formatCurrency(account.credit_limit) })}
        />
        <StatTile label={ot('account.available')} value={formatCurrency(account.available)} alert={account.low} />
        <StatTile
          label={ot('account.daySpend')}
          value={formatCurrency(account.day_spend)}
          hint={ot('account.daySpendHint')}
        />
      </dl>
    </section>
  );
}

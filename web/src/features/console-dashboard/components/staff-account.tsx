import type { StorefrontAccount } from '@raseed/contract';
import { ErrorNote } from '@/components/ui/error-note';
import { ot } from '@/lib/console/copy-ar';
import { formatCurrency, formatDate, parseMoney } from '@/lib/format';
import { useStaffAccount } from '../api';
import { formatCount } from './format';
import { StatTile } from './stat-tile';

/** A refusal this recent is news to the staff; an older one is history the ledger keeps. */
const RECENT_REFUSAL_MS = 24 * 60 * 60 * 1000;

function recentlyRefused(a: StorefrontAccount, now: number): boolean {
  if (!a.last_refused_at) return false;
  return now - new Date(a.last_refused_at).getTime() < RECENT_REFUSAL_MS;
}

/**
 * Why the staff must call the provider: the account is low (or empty), or it has just failed to
 * cover a customer's order. Null when neither.
 */
function Warning({ account: a }: { account: StorefrontAccount }) {
  const refused = recentlyRefused(a, Date.now());
  if (!a.low && !refused) return null;
  const empty = (parseMoney(a.available) ?? 0) <= 0;
  const title = refused
    ? ot('staffAccount.refusedTitle')
    : ot(empty ? 'staffAccount.emptyTitle' : 'staffAccount.lowTitle');
  return (
    <ErrorNote role="alert" className="flex flex-col gap-1 border border-danger/40 p-4">
      <p className="font-bold">{title}</p>
      <p>{ot('staffAccount.refusing', { available: formatCurrency(a.available) })}</p>
      {a.last_refused_at && a.last_refused_price ? (
        <p>
          {ot('staffAccount.lastRefused', {
            at: formatDate(a.last_refused_at),
            price: formatCurrency(a.last_refused_price),
            count: formatCount(a.refused_count),
          })}
        </p>
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

import type { StorefrontAccount } from '@raseed/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { textLinkClass } from '@/components/ui/text-link';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { useStaffStorefront, useStorefronts } from '@/lib/console/storefronts';
import { formatCurrency, formatDate } from '@/lib/format';
import { useStorefrontAccount } from '../api';
import { AccountLedger } from '../components/account-ledger';
import { AdjustForm, CreditLimitForm } from '../components/account-forms';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-lg font-bold text-fg">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

function Summary({ account: a }: { account: StorefrontAccount }) {
  return (
    <Card as="section" aria-label={ot('account.balance')} className="flex flex-col gap-3">
      {a.low ? (
        <Badge tone="danger" size="md">
          {ot('account.low')}
        </Badge>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label={ot('account.balance')} value={formatCurrency(a.balance)} />
        <Figure label={ot('account.available')} value={formatCurrency(a.available)} />
        <Figure label={ot('account.creditLimit')} value={formatCurrency(a.credit_limit)} />
        <Figure label={ot('account.daySpend')} value={formatCurrency(a.day_spend)} hint={ot('account.daySpendHint')} />
      </dl>
      {a.refused_count > 0 ? (
        <p className="text-sm text-danger">
          {ot('account.refused', { count: a.refused_count })}
          {a.last_refused_at && a.last_refused_price
            ? ` · ${ot('account.lastRefused', {
                at: formatDate(a.last_refused_at),
                price: formatCurrency(a.last_refused_price),
              })}`
            : null}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * A storefront's account with the provider: its figures, the provider's credits and debits and
 * its credit limit, and its ledger a page at a time (newest first, each page after the last
 * one's `next_before`).
 */
export default function StorefrontAccountPage() {
  const id = Number(useParams().storefrontId);
  // Keyed by the storefront, so another one's page starts again from its newest lines.
  return <AccountView key={id} id={id} />;
}

function AccountView({ id }: { id: number }) {
  const name = useStorefronts().data?.find((s) => s.id === id)?.name;
  const provider = useStaffStorefront() === null;
  // The cursors of the pages read so far: going back to newer lines pops one.
  const [cursors, setCursors] = useState<Array<number | undefined>>([undefined]);
  const before = cursors[cursors.length - 1];
  const account = useStorefrontAccount(id, before);
  const title = name ? ot('account.title', { name }) : ot('account.titleId', { id });
  return (
    <Page
      title={title}
      description={ot('account.description')}
      actions={
        <Link to={adminPaths.storefronts} className={textLinkClass}>
          {ot('account.back')}
        </Link>
      }
    >
      <ListState query={account}>
        {(reply) => (
          <div className="flex flex-col gap-4">
            <Summary account={reply.account} />
            {provider ? (
              <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2">
                <AdjustForm storefront={id} />
                <CreditLimitForm account={reply.account} />
              </div>
            ) : null}
            <section aria-label={ot('account.ledger')} className="flex flex-col gap-3">
              <h2 className="font-bold text-fg">{ot('account.ledger')}</h2>
              {reply.lines.length ? (
                <AccountLedger lines={reply.lines} />
              ) : (
                <p className="text-muted">{ot('account.ledgerEmpty')}</p>
              )}
              {cursors.length > 1 || reply.next_before !== null ? (
                <nav aria-label={ot('account.ledger')} className="flex justify-between gap-3">
                  <Button
                    variant="secondary"
                    disabled={cursors.length < 2}
                    onClick={() => setCursors(cursors.slice(0, -1))}
                  >
                    {ot('account.newer')}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={reply.next_before === null}
                    onClick={() => reply.next_before !== null && setCursors([...cursors, reply.next_before])}
                  >
                    {ot('account.older')}
                  </Button>
                </nav>
              ) : null}
            </section>
          </div>
        )}
      </ListState>
    </Page>
  );
}

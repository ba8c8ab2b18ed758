import type { Storefront, StorefrontAccount } from '@raseed/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { PROVIDER_STOREFRONT, STOREFRONT_PARAM, useStorefronts } from '@/lib/console/storefronts';
import { formatCurrency } from '@/lib/format';
import { useStorefrontAccounts } from '../api';
import { StorefrontForm } from '../components/storefront-form';

const scopedTo = (path: string, id: number) => `${path}?${STOREFRONT_PARAM}=${id}`;

type RowProps = { storefront: Storefront; account: StorefrontAccount | undefined; onEdit: () => void };

function StorefrontRow({ storefront: s, account, onEdit }: RowProps) {
  return (
    <Card as="article" padding="sm" aria-label={s.name} className="flex flex-wrap items-center gap-3">
      <div className="flex min-w-0 flex-1 basis-60 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-bold text-fg">{s.name}</h2>
          <Badge tone={s.active ? 'ok' : 'muted'}>{ot(s.active ? 'storefronts.on' : 'storefronts.off')}</Badge>
          {s.id === PROVIDER_STOREFRONT ? <Badge tone="neutral">{ot('storefronts.provider')}</Badge> : null}
          {account?.low ? <Badge tone="danger">{ot('account.low')}</Badge> : null}
        </div>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted">
          {s.hosts.length ? (
            s.hosts.map((h) => (
              <span key={h} dir="ltr">
                {h}
              </span>
            ))
          ) : (
            <span>{ot('storefronts.noHosts')}</span>
          )}
        </p>
        <p className="text-sm text-fg">{ot('storefronts.markupLine', { percent: s.markup_percent })}</p>
        {account ? (
          <p className="text-sm text-fg">
            {ot('account.line', {
              balance: formatCurrency(account.balance),
              available: formatCurrency(account.available),
            })}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {s.id === PROVIDER_STOREFRONT ? null : (
          <Link
            to={adminPaths.storefrontAccount(s.id)}
            aria-label={`${ot('account.open')}: ${s.name}`}
            className={buttonClass('secondary', { size: 'sm' })}
          >
            {ot('account.open')}
          </Link>
        )}
        <Link
          to={adminPaths.storefrontStaff(s.id)}
          aria-label={`${ot('staff.open')}: ${s.name}`}
          className={buttonClass('secondary', { size: 'sm' })}
        >
          {ot('staff.open')}
        </Link>
        <Link to={scopedTo(adminPaths.prices, s.id)} className={buttonClass('secondary', { size: 'sm' })}>
          {ot('storefronts.prices')}
        </Link>
        <Link to={scopedTo(adminPaths.settings, s.id)} className={buttonClass('secondary', { size: 'sm' })}>
          {ot('storefronts.settings')}
        </Link>
        <Button variant="secondary" size="sm" aria-label={`${ot('form.edit')}: ${s.name}`} onClick={onEdit}>
          {ot('form.edit')}
        </Button>
      </div>
    </Card>
  );
}

/** The storefronts of this installation: add one, change its addresses, markup, or switch it off. */
export default function Storefronts() {
  const storefronts = useStorefronts();
  const accounts = useStorefrontAccounts().data;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <Page title={ot('storefronts.title')} description={ot('storefronts.description')}>
      <div className="flex flex-col gap-3">
        {editing === 'new' ? (
          <StorefrontForm onDone={() => setEditing(null)} />
        ) : (
          <Button className="self-start" onClick={() => setEditing('new')}>
            {ot('storefronts.add')}
          </Button>
        )}
        <ListState query={storefronts}>
          {(list) => (
            <ul className="flex flex-col gap-2">
              {list.map((s) => (
                <li key={s.id}>
                  {editing === s.id ? (
                    <StorefrontForm storefront={s} onDone={() => setEditing(null)} />
                  ) : (
                    <StorefrontRow
                      storefront={s}
                      account={
                        s.id === PROVIDER_STOREFRONT ? undefined : accounts?.find((a) => a.storefront_id === s.id)
                      }
                      onEdit={() => setEditing(s.id)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </Page>
  );
}

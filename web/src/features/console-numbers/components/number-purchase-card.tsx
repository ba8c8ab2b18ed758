import type { AdminNumberPurchase } from '@raseed/contract';
import { type ReactNode, useId } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRefundNumber } from '../api';
import { numbersAr as n, stepAr } from '../copy-ar';
import { toastError } from '@/lib/error-toast';
import { ErrorNote } from '@/components/ui/error-note';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { StorefrontBadge } from '@/components/console/storefront-badge';
import { ot } from '@/lib/console/copy-ar';
import { showsProviderPrice, useStaffStorefront } from '@/lib/console/storefronts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate font-bold text-fg">{children}</dd>
    </div>
  );
}

/**
 * One purchase as the operator sees it: the customer, its storefront and prices, the provider's
 * side, and for the provider's operators a refund of a stuck one (a storefront's staff only read).
 */
export function NumberPurchaseCard({ p }: { p: AdminNumberPurchase }) {
  const refund = useRefundNumber();
  const staff = useStaffStorefront() !== null;
  const headingId = useId();
  return (
    <Card as="article" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-fg">
            #{p.id} · <bdi>{p.name}</bdi>
          </h3>
          <p className="text-sm text-muted">
            <bdi>{p.customer.name}</bdi> · <bdi dir="ltr">{p.customer.email}</bdi>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StorefrontBadge id={p.storefront_id} />
          <Badge tone="neutral">{ot(`numberStatus.${p.status}`)}</Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4">
        <Item label={t('orders.price')}>{formatCurrency(p.price, 'USD')}</Item>
        {showsProviderPrice(p) ? (
          <Item label={ot('orders.providerPrice')}>{formatCurrency(p.provider_price, 'USD')}</Item>
        ) : null}
        <Item label={n.step}>{stepAr[p.step]}</Item>
        <Item label={n.upstreamId}>
          <bdi dir="ltr">{p.upstream_id ?? '—'}</bdi>
        </Item>
        <Item label={t('orders.phone')}>
          <bdi dir="ltr">{p.phone ? `+${p.phone}` : '—'}</bdi>
        </Item>
        <Item label={n.codes}>
          <bdi dir="ltr">{p.codes.join(' · ') || '—'}</bdi>
        </Item>
        <Item label={t('orders.createdAt')}>{formatDate(p.created_at)}</Item>
        {p.expires_at ? <Item label={n.expiresAt}>{formatDate(p.expires_at)}</Item> : null}
      </dl>
      {p.last_error ? (
        <ErrorNote>
          {n.lastError}: {p.last_error}
        </ErrorNote>
      ) : null}
      {p.status === 'waiting' && !staff ? (
        <div>
          <Button
            variant="danger"
            disabled={refund.isPending}
            onClick={() =>
              refund.mutate(p.id, { onSuccess: () => toast.success(n.refunded), onError: (e) => toastError(e) })
            }
          >
            {n.refund}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

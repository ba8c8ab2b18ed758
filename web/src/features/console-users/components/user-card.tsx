import type { AdminUser } from '@raseed/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format';
import { useAdjustBalance } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ApiPanel } from './api-panel';
import { DebtPanel } from './debt-panel';
import { AmountReasonFields } from './amount-reason-fields';
import { NoticeForm } from './notice-form';
import { toastError } from '@/lib/error-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StorefrontBadge } from '@/components/console/storefront-badge';
import { useStaffStorefront } from '@/lib/console/storefronts';

/** One account: who, balance and debt, and the operator's levers on it (balance, debt, a notice). */
export function UserCard({ user }: { user: AdminUser }) {
  const headingId = useId();
  const adjust = useAdjustBalance();
  const [open, setOpen] = useState<'adjust' | 'debt' | 'notify' | 'api' | null>(null);
  // A customer's API keys and webhooks are the provider's to manage, not a storefront's staff's.
  const staff = useStaffStorefront() !== null;
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  function onAdjust(e: FormEvent) {
    e.preventDefault();
    adjust.mutate(
      { id: user.id, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: (reply) => {
          toast.success(ot('users.adjusted', { balance: formatCurrency(reply.data.user.balance) }));
          setErrors({});
          setAmount('');
          setReason('');
          setOpen(null);
        },
        onError: (err) => {
          setErrors(isApiError(err) && err.errors ? err.errors : {});
          toastError(err);
        },
      },
    );
  }

  return (
    <Card as="article" className="flex flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-bold text-fg">
            {user.name}{' '}
            <span className="text-sm text-muted" dir="ltr">
              #{user.id}
            </span>
          </h2>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <span dir="ltr">{user.email}</span>
            {user.phone ? <span dir="ltr">{user.phone}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="neutral">{ot(user.role === 'operator' ? 'users.role.operator' : 'users.role.customer')}</Badge>
          {user.storefront_id !== null ? <StorefrontBadge id={user.storefront_id} /> : null}
          {user.is_enable2fa ? <Badge tone="accent">{ot('users.twoFactorOn')}</Badge> : null}
          {user.api_access ? <Badge tone="info">{ot('users.apiOn')}</Badge> : null}
          <span className="font-bold text-fg">
            {ot('users.balance')}: <span dir="ltr">{formatCurrency(user.balance)}</span>
          </span>
          <span className="font-bold text-fg">
            {ot('users.debt')}: <span dir="ltr">{formatCurrency(user.deposit)}</span>
            {user.credit_limit !== null ? (
              <span className="text-sm font-normal text-muted">
                {' / '}
                <span dir="ltr">{formatCurrency(user.credit_limit)}</span>
              </span>
            ) : null}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'adjust'}
          onClick={() => setOpen(open === 'adjust' ? null : 'adjust')}
        >
          {ot('users.adjust')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'debt'}
          onClick={() => setOpen(open === 'debt' ? null : 'debt')}
        >
          {ot('users.debtPanel')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open === 'notify'}
          onClick={() => setOpen(open === 'notify' ? null : 'notify')}
        >
          {ot('users.notify')}
        </Button>
        {user.role === 'customer' && !staff ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={open === 'api'}
            onClick={() => setOpen(open === 'api' ? null : 'api')}
          >
            {ot('users.api')}
          </Button>
        ) : null}
      </div>
      {open === 'adjust' ? (
        <form
          onSubmit={onAdjust}
          className={
            'grid grid-cols-1 gap-3 border-t border-line pt-3 ' + 'md:grid-cols-[14rem_minmax(0,1fr)_auto] md:items-end'
          }
        >
          <AmountReasonFields
            amountLabel={ot('users.amount')}
            reasonLabel={ot('users.reason')}
            amount={amount}
            reason={reason}
            errors={errors}
            onAmount={setAmount}
            onReason={setReason}
          />
          <Button type="submit" disabled={adjust.isPending}>
            {ot('users.apply')}
          </Button>
        </form>
      ) : null}
      {open === 'debt' ? <DebtPanel user={user} /> : null}
      {open === 'notify' ? <NoticeForm userId={user.id} onSent={() => setOpen(null)} /> : null}
      {open === 'api' ? <ApiPanel user={user} /> : null}
    </Card>
  );
}

import type { AdminUser } from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { useCreditLimit, useDebtMove, useUserDebt } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { AmountReasonFields } from './amount-reason-fields';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';

type Errors = Record<string, string[]>;
const errorsOf = (err: unknown): Errors => (isApiError(err) && err.errors ? err.errors : {});
const fail = (err: unknown) => toastError(err);

/**
 * Selling on credit to one customer: the limit, lending and repayments, and the history the
 * customer also sees on their balance page.
 */
export function DebtPanel({ user }: { user: AdminUser }) {
  const debt = useUserDebt(user.id, true);
  const move = useDebtMove();
  const setLimit = useCreditLimit();
  const [limit, setLimitText] = useState(user.credit_limit ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function onMove(kind: 'credit' | 'settle') {
    move.mutate(
      { id: user.id, move: kind, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: (reply) => {
          toast.success(
            ot(kind === 'credit' ? 'users.lent' : 'users.settled', { debt: formatCurrency(reply.data.user.deposit) }),
          );
          setErrors({});
          setAmount('');
          setReason('');
        },
        onError: (err) => {
          setErrors(errorsOf(err));
          fail(err);
        },
      },
    );
  }

  function onLimit(e: FormEvent) {
    e.preventDefault();
    setLimit.mutate(
      { id: user.id, limit: limit.trim() },
      {
        onSuccess: () => toast.success(ot('users.limitSaved')),
        onError: (err) => {
          setErrors(errorsOf(err));
          fail(err);
        },
      },
    );
  }

  const entries = debt.data?.entries ?? [];
  return (
    <div className="flex flex-col gap-4 border-t border-line pt-3">
      <form
        onSubmit={onLimit}
        className="grid grid-cols-1 gap-3 md:grid-cols-[14rem_auto] md:items-end md:justify-start"
      >
        <TextField
          label={ot('users.creditLimit')}
          ltr
          inputMode="decimal"
          maxLength={24}
          value={limit}
          error={errors.credit_limit?.[0]}
          onChange={(e) => setLimitText(e.target.value)}
        />
        <Button type="submit" variant="secondary" size="sm" disabled={setLimit.isPending}>
          {ot('users.saveLimit')}
        </Button>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onMove('credit');
        }}
        className="grid grid-cols-1 gap-3 md:grid-cols-[14rem_minmax(0,1fr)_auto_auto] md:items-end"
      >
        <AmountReasonFields
          amountLabel={ot('users.debtAmount')}
          reasonLabel={ot('users.debtReason')}
          amount={amount}
          reason={reason}
          errors={errors}
          onAmount={setAmount}
          onReason={setReason}
        />
        <Button type="submit" disabled={move.isPending}>
          {ot('users.lend')}
        </Button>
        <Button variant="secondary" disabled={move.isPending} onClick={() => onMove('settle')}>
          {ot('users.settle')}
        </Button>
      </form>
      <section aria-label={ot('users.history')}>
        <h3 className="mb-2 text-sm font-bold text-fg">{ot('users.history')}</h3>
        {entries.length === 0 ? (
          <p className="text-sm text-muted">{ot('admin.empty')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
            {entries.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="font-bold text-fg">
                  {ot(e.kind === 'lend' ? 'users.kind.lend' : 'users.kind.repay')}{' '}
                  <span dir="ltr">{formatCurrency(e.amount)}</span>
                </span>
                <span className="min-w-0 flex-1 text-muted">{e.reason}</span>
                <span className="text-muted">
                  {ot('users.debtAfter')}: <span dir="ltr">{formatCurrency(e.debt_after)}</span>
                </span>
                <time className="text-xs text-muted" dateTime={e.created_at}>
                  {formatDate(e.created_at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type StorefrontAccount, storefrontAccountAdjust, storefrontAccountPatch } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { surfaceClass } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ot } from '@/lib/console/copy-ar';
import { showServerErrors } from '@/lib/error-toast';
import { formatCurrency } from '@/lib/format';
import { useAdjustAccount, useSetCreditLimit } from '../api';

// `raw`: the contract reads the amounts into micros; the server wants them as typed, and reads them itself.
const adjustResolver = zodResolver(storefrontAccountAdjust, undefined, { raw: true });
const limitResolver = zodResolver(storefrontAccountPatch, undefined, { raw: true });

type AdjustValues = z.input<typeof storefrontAccountAdjust>;
type LimitValues = z.input<typeof storefrontAccountPatch>;
const formClass = `${surfaceClass} flex flex-col gap-3 p-4`;

/** Credits what the storefront paid the provider, or debits a correction, with the reason kept on the line. */
export function AdjustForm({ storefront }: { storefront: number }) {
  const titleId = useId();
  const adjust = useAdjustAccount();
  const form = useForm<AdjustValues>({ resolver: adjustResolver, defaultValues: { amount: '', reason: '' } });
  const errors = form.formState.errors;
  const save = form.handleSubmit((values) =>
    adjust.mutate(
      { storefront, amount: String(values.amount).trim(), reason: values.reason.trim() },
      {
        onSuccess: (reply) => {
          toast.success(ot('account.adjusted', { balance: formatCurrency(reply.data.account.balance) }));
          form.reset();
        },
        onError: (e) => showServerErrors(e, form.setError),
      },
    ),
  );
  return (
    <form aria-labelledby={titleId} noValidate onSubmit={save} className={formClass}>
      <h2 id={titleId} className="font-bold text-fg">
        {ot('account.adjust')}
      </h2>
      <TextField
        label={ot('account.amount')}
        ltr
        inputMode="decimal"
        maxLength={24}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextField
        label={ot('account.reason')}
        maxLength={300}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <Button type="submit" className="self-start" disabled={adjust.isPending}>
        {ot('account.apply')}
      </Button>
    </form>
  );
}

/** How far below zero the provider lets the account go before its customers' orders are refused. */
export function CreditLimitForm({ account }: { account: StorefrontAccount }) {
  const titleId = useId();
  const setLimit = useSetCreditLimit();
  const form = useForm<LimitValues>({
    resolver: limitResolver,
    values: { credit_limit: account.credit_limit },
  });
  const save = form.handleSubmit((values) =>
    setLimit.mutate(
      { storefront: account.storefront_id, creditLimit: String(values.credit_limit ?? '').trim() },
      {
        onSuccess: (reply) =>
          toast.success(ot('account.limitSaved', { available: formatCurrency(reply.data.account.available) })),
        onError: (e) => showServerErrors(e, form.setError),
      },
    ),
  );
  return (
    <form aria-labelledby={titleId} noValidate onSubmit={save} className={formClass}>
      <h2 id={titleId} className="font-bold text-fg">
        {ot('account.creditLimit')}
      </h2>
      <TextField
        label={ot('account.limit')}
        hint={ot('account.limitHint')}
        ltr
        inputMode="decimal"
        maxLength={24}
        error={form.formState.errors.credit_limit?.message}
        {...form.register('credit_limit')}
      />
      <Button type="submit" className="self-start" disabled={setLimit.isPending}>
        {ot('account.saveLimit')}
      </Button>
    </form>
  );
}

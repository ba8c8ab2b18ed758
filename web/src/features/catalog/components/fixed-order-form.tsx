import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { t } from '@/lib/i18n';
import { fieldLabels } from '../lib/order-labels';
import { useOrderSubmit } from '../lib/use-order-submit';
import { useCheckPlayerControl } from './check-player-control';
import { FormError, SubmitButton } from './submit-button';
import { TextField } from './text-field';

const schema = z.object({
  first: z.string().trim().min(1, t('order.playerRequired')).max(300),
  second: z.string().max(300),
  note: z.string().max(1000),
});
type Values = z.infer<typeof schema>;

/** One fixed item for a player or account (spec §5): the first field is required. */
export function FixedOrderForm({ product }: { product: Product }) {
  const id = useId();
  const labels = fieldLabels(product.type);
  const { register, handleSubmit, setError, setValue, getValues, trigger, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { first: '', second: '', note: '' },
  });
  const order = useOrderSubmit(product, 'fixed', (field, message) => {
    if (field !== 'qty') setError(field, { message });
  });
  const checker = useCheckPlayerControl({
    productId: product.id,
    readPlayerId: () => {
      const value = getValues('first').trim();
      if (!value) void trigger('first');
      return value || null;
    },
    onFound: (name) => setValue('second', name),
  });
  const errors = formState.errors;

  return (
    <form noValidate onSubmit={handleSubmit((v) => order.submit(v))} className="grid gap-4" aria-label={t('order.form')}>
      <TextField
        id={`${id}-first`}
        label={t(labels.first)}
        error={errors.first?.message}
        autoComplete="off"
        maxLength={300}
        addon={product.type === 'id' ? checker.button : undefined}
        hint={product.type === 'id' ? checker.result : undefined}
        {...register('first')}
      />
      <TextField
        id={`${id}-second`}
        label={t(labels.second)}
        error={errors.second?.message}
        type={labels.secondIsPassword ? 'password' : 'text'}
        autoComplete={labels.secondIsPassword ? 'new-password' : 'off'}
        maxLength={300}
        {...register('second')}
      />
      <TextField id={`${id}-note`} label={t('order.note')} error={errors.note?.message} maxLength={1000} {...register('note')} />
      <FormError message={order.formError} />
      <SubmitButton pending={order.isPending} />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { t } from '@/lib/i18n';
import { orderPriceMicros } from '../lib/order-price';
import { reviewRows } from '../lib/review-rows';
import { useOrderSubmit } from '../lib/use-order-submit';
import { useCheckPlayerControl } from './check-player-control';
import { PlayerFields } from './player-fields';
import { OrderActions } from './order-actions';
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
  const { register, handleSubmit, setError, setValue, getValues, trigger, watch, formState } = useForm<Values>({
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
      <PlayerFields
        id={id}
        product={product}
        first={register('first')}
        second={register('second')}
        firstError={errors.first?.message}
        secondError={errors.second?.message}
        checker={checker}
      />
      <TextField id={`${id}-note`} label={t('order.note')} error={errors.note?.message} maxLength={1000} {...register('note')} />
      <OrderActions
        product={product}
        order={order}
        priceMicros={orderPriceMicros(product)}
        rows={order.review ? reviewRows(product, order.review) : []}
        warning={order.review && checker.isNotFound(watch('first')) ? t('review.playerNotFound') : null}
      />
    </form>
  );
}

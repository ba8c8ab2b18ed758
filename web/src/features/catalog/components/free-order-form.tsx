import { zodResolver } from '@hookform/resolvers/zod';
import type { Product } from '@raseed/contract';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { latinDigits } from '@raseed/contract';
import { t } from '@/lib/i18n';
import { quantityTotals } from '../lib/quantity-totals';
import { orderPriceMicros } from '../lib/order-price';
import { reviewRows } from '../lib/review-rows';
import { useOrderSubmit } from '../lib/use-order-submit';
import { useCheckPlayerControl } from './check-player-control';
import { PlayerFields } from './player-fields';
import { OrderActions } from './order-actions';
import { TextField } from './text-field';

function schemaFor(min: number, max: number) {
  const range = t('order.qtyRange', { min, max });
  return z.object({
    first: z.string().trim().min(1, t('order.playerRequired')).max(300),
    second: z.string().max(300),
    qty: z
      .string()
      .regex(/^\d{1,9}$/, range)
      .refine((q) => Number(q) >= min && Number(q) <= max, range),
    note: z.string().max(1000),
  });
}
type Values = z.infer<ReturnType<typeof schemaFor>>;

/**
 * A chosen quantity between the product's min and max (spec §5): digits only, starting at min,
 * with live totals in USD and TRY. The server prices it again; these totals are only shown.
 */
export function FreeOrderForm({ product }: { product: Product }) {
  const id = useId();
  const schema = useMemo(() => schemaFor(product.min, product.max), [product.min, product.max]);
  const { register, handleSubmit, setError, setValue, getValues, trigger, watch, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { first: '', second: '', qty: String(product.min), note: '' },
  });
  const order = useOrderSubmit(product, 'free', (field, message) => setError(field, { message }));
  const checker = useCheckPlayerControl({
    productId: product.id,
    readPlayerId: () => {
      const value = getValues('first').trim();
      if (!value) void trigger('first');
      return value || null;
    },
    onFound: (name) => setValue('second', name),
  });
  const totals = quantityTotals(product, watch('qty'));
  const errors = formState.errors;
  const qty = register('qty');

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
      <TextField
        id={`${id}-qty`}
        label={t('order.quantity')}
        error={errors.qty?.message}
        hint={t('order.qtyHint', { min: product.min, max: product.max })}
        inputMode="numeric"
        ltr
        maxLength={9}
        {...qty}
        onChange={(e) => {
          // Digits only: ١٠٠٠ becomes 1000, anything that is not a digit is dropped as it arrives.
          e.target.value = latinDigits(e.target.value).replace(/\D+/g, '');
          return qty.onChange(e);
        }}
      />
      <dl className="grid gap-1 rounded-xl border border-line bg-surface-2 p-3 text-sm" aria-live="polite">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('order.total')} ({t('price.usd')})</dt>
          <dd className="font-bold text-accent">{totals.usd}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">{t('order.total')} ({t('price.try')})</dt>
          <dd className="font-bold text-fg">{totals.try}</dd>
        </div>
      </dl>
      <TextField id={`${id}-note`} label={t('order.note')} error={errors.note?.message} maxLength={1000} {...register('note')} />
      <OrderActions
        product={product}
        order={order}
        priceMicros={orderPriceMicros(product, watch('qty'))}
        rows={order.review ? reviewRows(product, order.review) : []}
        warning={order.review && checker.isNotFound(watch('first')) ? t('review.playerNotFound') : null}
      />
    </form>
  );
}

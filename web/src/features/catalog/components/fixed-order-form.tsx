import { zodResolver } from '@hookform/resolvers/zod';
import { orderFormFields, orderLimits, type Product } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { t } from '@/lib/i18n';
import { orderPriceMicros } from '../lib/order-price';
import { reviewRows } from '../lib/review-rows';
import { useOrderSubmit } from '../lib/use-order-submit';
import { usePlayerOrderFields } from './player-fields';
import { OrderActions } from './order-actions';
import { TextField } from '@/components/ui/text-field';

// The contract's rules for these fields, the same the server applies to the request.
const schema = z.object({
  first: orderFormFields.playerId,
  second: orderFormFields.playerName,
  note: orderFormFields.note,
});
type Values = z.input<typeof schema>;

/** One fixed item for a player or account (docs/product-rules.md#validation): the first field is required. */
export function FixedOrderForm({ product }: { product: Product }) {
  const id = useId();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { first: '', second: '', note: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const order = useOrderSubmit(product, 'fixed', (field, message) => {
    if (field !== 'qty') setError(field, { message });
  });
  const { fields, reviewWarning } = usePlayerOrderFields(id, product, form);
  const errors = formState.errors;

  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => order.submit(v))}
      className="grid gap-4"
      aria-label={t('order.form')}
    >
      {fields}
      <TextField
        id={`${id}-note`}
        label={t('order.note')}
        error={errors.note?.message}
        maxLength={orderLimits.note}
        {...register('note')}
      />
      <OrderActions
        product={product}
        order={order}
        priceMicros={orderPriceMicros(product)}
        rows={order.review ? reviewRows(product, order.review) : []}
        warning={order.review ? reviewWarning() : null}
      />
    </form>
  );
}

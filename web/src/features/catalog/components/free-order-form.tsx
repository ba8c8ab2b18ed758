import { zodResolver } from '@hookform/resolvers/zod';
import { orderFormFields, orderLimits, type Product } from '@raseed/contract';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { latinDigits } from '@raseed/contract';
import { t } from '@/lib/i18n';
import { quantityTotals } from '../lib/quantity-totals';
import { orderPriceMicros } from '../lib/order-price';
import { useOrderSubmit } from '../lib/use-order-submit';
import { draftDefaults, PASSWORD_FIELD, useFormDraft } from '../lib/use-form-draft';
import { usePlayerOrderFields } from './player-fields';
import { OrderForm } from './order-form';
import { TextField } from '@/components/ui/text-field';

// The contract's rules for these fields, the same the server applies to the request.
function schemaFor(min: number, max: number) {
  return z.object({
    first: orderFormFields.playerId,
    second: orderFormFields.playerName,
    qty: orderFormFields.qty(min, max),
    note: orderFormFields.note,
  });
}
type Values = z.input<ReturnType<typeof schemaFor>>;

/**
 * A chosen quantity between the product's min and max (docs/product-rules.md#validation): digits only, starting at min,
 * with live totals in USD and TRY. The server prices it again; these totals are only shown.
 */
export function FreeOrderForm({ product }: { product: Product }) {
  const id = useId();
  const schema = useMemo(() => schemaFor(product.min, product.max), [product.min, product.max]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: draftDefaults(product.id, { first: '', second: '', qty: String(product.min), note: '' }),
  });
  const { register, handleSubmit, setError, watch, formState } = form;
  useFormDraft(product.id, watch, product.type === 'account' ? PASSWORD_FIELD : undefined);
  const order = useOrderSubmit(product, 'free', (field, message) => setError(field, { message }));
  const { fields, reviewWarning } = usePlayerOrderFields(id, product, form);
  const totals = quantityTotals(product, watch('qty'));
  const errors = formState.errors;
  const qty = register('qty');

  return (
    <OrderForm
      id={id}
      product={product}
      order={order}
      priceMicros={orderPriceMicros(product, watch('qty'))}
      onSubmit={handleSubmit((v) => order.submit(v))}
      note={register('note')}
      noteError={errors.note?.message}
      reviewWarning={reviewWarning}
    >
      {fields}
      <TextField
        id={`${id}-qty`}
        label={t('order.quantity')}
        error={errors.qty?.message}
        hint={t('order.qtyHint', { min: product.min, max: product.max })}
        inputMode="numeric"
        ltr
        maxLength={orderLimits.qtyDigits}
        {...qty}
        onChange={(e) => {
          // Digits only: ١٠٠٠ becomes 1000, anything that is not a digit is dropped as it arrives.
          e.target.value = latinDigits(e.target.value).replace(/\D+/g, '');
          return qty.onChange(e);
        }}
      />
      <dl className="grid gap-1 rounded-xl border border-line bg-surface-2 p-3 text-sm" aria-live="polite">
        <div className="flex justify-between gap-3">
          <dt className="text-muted">
            {t('order.total')} ({t('price.usd')})
          </dt>
          <dd className="font-bold text-accent">{totals.usd}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-muted">
            {t('order.total')} ({t('price.try')})
          </dt>
          <dd className="font-bold text-fg">{totals.try}</dd>
        </div>
      </dl>
    </OrderForm>
  );
}

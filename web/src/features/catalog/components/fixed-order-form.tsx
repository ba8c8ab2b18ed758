import { zodResolver } from '@hookform/resolvers/zod';
import { orderFormFields, type Product } from '@raseed/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { orderPriceMicros } from '../lib/order-price';
import { useOrderSubmit } from '../lib/use-order-submit';
import { draftDefaults, PASSWORD_FIELD, useFormDraft } from '../lib/use-form-draft';
import { usePlayerOrderFields } from './player-fields';
import { OrderForm } from './order-form';

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
    defaultValues: draftDefaults(product.id, { first: '', second: '', note: '' }),
  });
  const { register, handleSubmit, setError, formState, watch } = form;
  useFormDraft(product.id, watch, product.type === 'account' ? PASSWORD_FIELD : undefined);
  const order = useOrderSubmit(product, 'fixed', (field, message) => {
    if (field !== 'qty') setError(field, { message });
  });
  const { fields, reviewWarning } = usePlayerOrderFields(id, product, form);

  return (
    <OrderForm
      id={id}
      product={product}
      order={order}
      priceMicros={orderPriceMicros(product)}
      onSubmit={handleSubmit((v) => order.submit(v))}
      note={register('note')}
      noteError={formState.errors.note?.message}
      reviewWarning={reviewWarning}
    >
      {fields}
    </OrderForm>
  );
}

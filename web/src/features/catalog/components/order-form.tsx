import { orderLimits, type Product } from '@raseed/contract';
import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/lib/i18n';
import { reviewRows } from '../lib/review-rows';
import type { OrderSubmit } from '../lib/use-order-submit';
import { OrderActions } from './order-actions';

type OrderFormProps = {
  id: string;
  product: Product;
  order: OrderSubmit;
  priceMicros: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  note: UseFormRegisterReturn;
  noteError: string | undefined;
  /** What the purchase review warns about the player, asked when the review opens. */
  reviewWarning: () => string | null;
  /** The form's own fields, above the note. */
  children: ReactNode;
};

/** The frame of the fixed and free-quantity order forms: their fields, the note, then the buy button and review. */
export function OrderForm({
  id,
  product,
  order,
  priceMicros,
  onSubmit,
  note,
  noteError,
  reviewWarning,
  children,
}: OrderFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={t('order.form')}>
      {children}
      <TextField id={`${id}-note`} label={t('order.note')} error={noteError} maxLength={orderLimits.note} {...note} />
      <OrderActions
        product={product}
        order={order}
        priceMicros={priceMicros}
        rows={order.review ? reviewRows(product, order.review) : []}
        warning={order.review ? reviewWarning() : null}
      />
    </form>
  );
}

import { moneyToString, type Product, type ProductForm, parseMoney } from '@raseed/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { newIdempotencyKey, type OrderInput, usePlaceOrder } from '../api';
import { errorText } from '@/lib/error-toast';
import { placedPlayerState } from '@/lib/placed-player';

export type OrderFields = Pick<OrderInput, 'first' | 'second' | 'note' | 'qty'>;
export type OrderFieldName = keyof OrderFields;

/** The server's field names of the three forms, back to the form's own. */
const serverFields: Record<string, OrderFieldName> = {
  playerId: 'first',
  player_id: 'first',
  playerName: 'second',
  player_name: 'second',
  info: 'note',
  note: 'note',
  qty: 'qty',
};

/**
 * Submits an order form in two steps: `submit` (the form is valid) opens the review, `confirm`
 * places the order. One idempotency key per purchase (kept across a failed or repeated attempt,
 * so a retry can never buy twice), then the success toast and /orders. A failure closes the
 * review and is shown on the form (docs/product-rules.md#states), with field messages beside their fields.
 */
export function useOrderSubmit(
  product: Product,
  form: ProductForm,
  onFieldError?: (field: OrderFieldName, message: string) => void,
) {
  const navigate = useNavigate();
  const key = useRef<string | null>(null);
  const mutation = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<OrderFields | null>(null);
  // The server's current price when it differed from the page's (a 409): shown for confirmation.
  const [newPriceMicros, setNewPriceMicros] = useState<number | null>(null);

  function submit(fields: OrderFields) {
    if (mutation.isPending) return;
    setFormError(null);
    setNewPriceMicros(null);
    setReview(fields);
  }

  /** Places the order at the price the review showed (`priceMicros`), and only at it. */
  function confirm(priceMicros: number) {
    if (mutation.isPending || !review) return;
    key.current ??= newIdempotencyKey();
    mutation.mutate(
      {
        form,
        productId: product.id,
        ...review,
        idempotencyKey: key.current,
        expectedPrice: moneyToString(priceMicros),
      },
      {
        onSuccess: () => {
          key.current = null;
          setNewPriceMicros(null);
          toast.success(t('order.sent'));
          // /orders then offers to save the player (features/players, composed there by the store app).
          navigate(paths.orders, { state: placedPlayerState(product.type, review.first ?? '', review.second ?? '') });
        },
        onError: (error) => {
          const price =
            isApiError(error) && error.status === 409
              ? (error.data as { price?: unknown } | undefined)?.price
              : undefined;
          if (typeof price === 'string' && parseMoney(price) !== null) {
            // The price changed: the review stays open with the new price for another tap.
            setNewPriceMicros(parseMoney(price));
            return;
          }
          setReview(null);
          setFormError(errorText(error));
          if (!isApiError(error) || !error.errors || !onFieldError) return;
          for (const [name, messages] of Object.entries(error.errors)) {
            const field = serverFields[name];
            if (field && messages[0]) onFieldError(field, messages[0]);
          }
        },
      },
    );
  }

  const back = () => {
    setReview(null);
    setNewPriceMicros(null);
  };
  return { submit, confirm, back, review, newPriceMicros, isPending: mutation.isPending, formError };
}

export type OrderSubmit = ReturnType<typeof useOrderSubmit>;

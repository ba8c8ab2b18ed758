import type { Product } from '@raseed/contract';
import { Link } from 'react-router';
import { useSessionState } from '@/lib/session-store';
import { formatMicros, parseMoney, unbroken } from '@/lib/format';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import type { OrderSubmit } from '../lib/use-order-submit';
import { PurchaseReview, type ReviewRow, StalledNote } from './purchase-review';
import { FormError, SubmitButton } from './submit-button';
import { Button, buttonClass } from '@/components/ui/button';

type Props = {
  product: Product;
  order: OrderSubmit;
  priceMicros: number;
  /** What the customer typed, as the review lists it. */
  rows: ReviewRow[];
  warning?: string | null;
};

/**
 * The end of every order form: the buy button with its price, or, when the balance does not
 * cover the price, a note and a way to top up instead of a button that can only fail. The
 * review opens over the form once it is valid.
 */
export function OrderActions({ product, order, priceMicros: pagePrice, rows, warning }: Props) {
  // After a 409 the review shows (and confirming pays) the server's new price.
  const priceMicros = order.newPriceMicros ?? pagePrice;
  const priceChanged =
    order.newPriceMicros !== null
      ? t('review.priceChanged', { price: unbroken(formatMicros(priceMicros, 'USD')) })
      : null;
  const balance = useSessionState().user?.balance ?? '0';
  const short = (parseMoney(balance) ?? 0) < priceMicros;
  return (
    <>
      <FormError message={order.formError} />
      {short ? (
        <div className="grid gap-3 rounded-xl border border-danger/50 bg-danger-bg p-3 text-sm">
          <p className="font-bold text-danger">
            {t('wallet.short', {
              balance: unbroken(formatMicros(parseMoney(balance) ?? 0, 'USD')),
              price: unbroken(formatMicros(priceMicros, 'USD')),
            })}
          </p>
          <Link to={paths.topup} className={buttonClass('primary', { size: 'lg', block: true })}>
            {t('wallet.topUp')}
          </Link>
        </div>
      ) : (
        // On phones the buy button stays in reach above the bottom bar while the form scrolls.
        <div
          className={
            'sticky bottom-[calc(4.75rem_+_env(safe-area-inset-bottom))] z-20 -mx-1 rounded-2xl bg-surface/95 p-1 ' +
            'backdrop-blur-md md:static md:mx-0 md:bg-transparent md:p-0 md:backdrop-blur-none'
          }
        >
          <SubmitButton pending={order.isPending} price={formatMicros(priceMicros, 'USD')} />
        </div>
      )}
      {order.stalled && !order.review ? (
        // The confirmation was left with Back while the store had not answered: the same choice here.
        <div className="grid gap-3">
          <StalledNote />
          <div className="grid grid-cols-2 gap-3">
            <Button size="lg" onClick={order.retry}>
              {t('purchase.retry')}
            </Button>
            <Button size="lg" variant="secondary" onClick={order.close}>
              {t('purchase.close')}
            </Button>
          </div>
        </div>
      ) : null}
      {order.review ? (
        <PurchaseReview
          product={product}
          rows={rows}
          priceMicros={priceMicros}
          balance={balance}
          warning={priceChanged ?? warning ?? null}
          pending={order.isPending}
          stalled={order.stalled}
          onConfirm={() => order.confirm(priceMicros)}
          onBack={order.back}
          onRetry={order.retry}
          onClose={order.close}
        />
      ) : null}
    </>
  );
}

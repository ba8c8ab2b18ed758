import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';

/**
 * The buy button, carrying the price: 'requesting' and disabled while the order is in flight
 * (docs/product-rules.md#states).
 */
export function SubmitButton({ pending, price }: { pending: boolean; price: string }) {
  return (
    <Button type="submit" disabled={pending} aria-busy={pending} size="lg" block>
      {pending ? (
        <>
          <span
            aria-hidden="true"
            className={
              'size-4 animate-spin rounded-full border-2 border-accent-fg/40 ' +
              'border-t-accent-fg motion-reduce:animate-none'
            }
          />
          {t('order.requesting')}
        </>
      ) : (
        t('product.buyFor', { price })
      )}
    </Button>
  );
}

/** The order's failure, shown on the form itself. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-danger/50 bg-danger-bg px-4 py-3 text-sm font-bold text-danger">
      {message}
    </p>
  );
}

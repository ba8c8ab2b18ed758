import { messageWithoutCodes, type Order } from '@raseed/contract';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';

function Field({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="break-words font-bold text-fg">{ltr ? <bdi dir="ltr">{value}</bdi> : <bdi>{value}</bdi>}</dd>
    </div>
  );
}

/** Price, quantity, what was entered and the dates of one order, as the card and its page show them. */
export function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      <Field label={t('orders.price')} value={formatCurrency(order.price, 'USD')} />
      <Field label={t('order.quantity')} value={String(order.quantity)} />
      {order.data ? <Field label={t('orders.data')} value={order.data} ltr /> : null}
      {order.phone ? <Field label={t('orders.phone')} value={order.phone} ltr /> : null}
      <Field label={t('orders.createdAt')} value={formatDate(order.created_at)} />
      {order.updated_at !== order.created_at ? (
        <Field label={t('orders.updatedAt')} value={formatDate(order.updated_at)} />
      ) : null}
    </dl>
  );
}

/** The store's message and the cancel reason, kept whole (line breaks too). */
export function OrderMessages({ order }: { order: Order }) {
  // The codes have their own block; the message repeats them only for clients without one.
  const message = messageWithoutCodes(order.message, order.codes);
  return (
    <>
      {message ? (
        <p className="whitespace-pre-line break-words rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg">
          <span className="font-bold">{t('orders.message')}: </span>
          <bdi>{message}</bdi>
        </p>
      ) : null}
      {order.cancel_msg ? (
        <p className="whitespace-pre-line break-words rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger">
          <span className="font-bold">{t('orders.cancelMsg')}: </span>
          <bdi>{order.cancel_msg}</bdi>
        </p>
      ) : null}
    </>
  );
}

import type { AdminOrder } from '@raseed/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { type OrderDecision, useDecideOrder, useRetryDelivery } from '../api';
import { type OperatorCopyKey, ot } from '@/lib/console/copy-ar';
import { CustomerBlock } from './customer-block';
import { TextArea } from '@/components/ui/text-area';
import { FulfilmentBlock } from './fulfilment-block';
import { OrderStatusBadge } from '@/components/ui/badge';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** The labels the customer saw on the order form, by product type (spec section 5). */
function dataLabels(type: AdminOrder['product']['type']) {
  if (type === 'account') return [t('label.account.first'), t('label.account.second')] as const;
  if (type === 'id' || type === 'code') return [t('label.id.first'), t('label.id.second')] as const;
  return [t('label.other.first'), t('label.other.second')] as const;
}

function doneMessage(d: OrderDecision): OperatorCopyKey {
  if (d.kind === 'cancel-request') return d.approve ? 'orders.cancelled' : 'orders.cancelDenied';
  return d.kind === 'accept' ? 'orders.accepted' : d.kind === 'wait' ? 'orders.waiting' : 'orders.rejected';
}

/** One order with what the customer entered and the decisions its status allows. */
export function OrderCard({ order }: { order: AdminOrder }) {
  const headingId = useId();
  const decide = useDecideOrder({
    onSuccess: (_reply, { decision }) => toast.success(ot(doneMessage(decision))),
    onError: (e) => toastError(e),
  });
  const retry = useRetryDelivery({
    onSuccess: () => toast.success(ot('fulfil.retried')),
    onError: (e) => toastError(e),
  });
  const busy = decide.isPending || retry.isPending;
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [first, second] = dataLabels(order.product.type);
  const attention = order.fulfilment.state === 'attention' && order.status !== 'success' && order.status !== 'cancel';
  // While the supplier holds the order the server refuses a hand decision (409): none is offered.
  const upstream = order.fulfilment.state === 'send' || order.fulfilment.state === 'follow';
  const open =
    !upstream &&
    (attention || order.status === 'pending' || order.status === 'wait' || order.status === 'request_cancel');

  function send(decision: OrderDecision, needsReason: boolean) {
    if (needsReason && !text.trim()) return setError(ot('orders.reasonRequired'));
    setError(undefined);
    decide.mutate({ id: order.id, decision });
  }
  const message = text.trim();

  return (
    <Card as="article" className="flex flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-fg">
          <span dir="ltr">#{order.id}</span> · {order.product.name}
        </h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <CustomerBlock user={order.user} />
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {order.data ? (
            <>
              <dt className="text-muted">{first}</dt>
              <dd className="font-bold break-all text-fg" dir="auto">
                {order.data}
              </dd>
            </>
          ) : null}
          {order.data2 ? (
            <>
              <dt className="text-muted">{second}</dt>
              <dd className="break-all text-fg" dir="auto">
                {order.data2}
              </dd>
            </>
          ) : null}
          {order.account_password ? (
            <>
              <dt className="text-muted">{ot('orders.password')}</dt>
              <dd className="font-bold break-all text-fg" dir="ltr">
                {order.account_password}
              </dd>
            </>
          ) : null}
          <dt className="text-muted">{ot('orders.quantity')}</dt>
          <dd className="text-fg">{order.quantity}</dd>
          <dt className="text-muted">{ot('orders.price')}</dt>
          <dd className="text-fg">{formatCurrency(order.price)}</dd>
          <dt className="text-muted">{t('topups.col.date')}</dt>
          <dd className="text-fg">{formatDate(order.created_at)}</dd>
        </dl>
      </div>
      <FulfilmentBlock order={order} />
      {order.note ? (
        <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg">{`${ot('orders.note')}: ${order.note}`}</p>
      ) : null}
      {order.message ? <p className="text-sm text-muted">{order.message}</p> : null}
      {order.cancel_msg ? <p className="text-sm text-danger">{order.cancel_msg}</p> : null}
      {upstream && order.status !== 'success' && order.status !== 'cancel' ? (
        <p className="border-t border-line pt-3 text-sm text-muted">{ot('fulfil.inFlight')}</p>
      ) : null}
      {open ? (
        <div className="flex flex-col gap-3 border-t border-line pt-3">
          {order.status === 'request_cancel' ? (
            <p className="text-sm font-bold text-danger">{ot('orders.cancelAsked')}</p>
          ) : null}
          {attention ? (
            <p className="rounded-xl bg-danger-bg px-3 py-2 text-sm font-bold text-danger">{ot('fulfil.warning')}</p>
          ) : null}
          <TextArea
            label={order.status === 'request_cancel' ? ot('orders.cancelMsg') : ot('orders.message')}
            rows={2}
            maxLength={500}
            value={text}
            error={error}
            hint={order.status === 'request_cancel' ? undefined : ot('orders.messageHint')}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {order.status === 'request_cancel' ? (
              <>
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() => send({ kind: 'cancel-request', approve: true, cancel_msg: message }, false)}
                >
                  {ot('orders.cancelApprove')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => send({ kind: 'cancel-request', approve: false, cancel_msg: message }, false)}
                >
                  {ot('orders.cancelDeny')}
                </Button>
              </>
            ) : (
              <>
                {attention ? (
                  <Button disabled={busy} onClick={() => retry.mutate(order.id)}>
                    {ot('fulfil.retry')}
                  </Button>
                ) : null}
                <Button
                  variant={attention ? 'secondary' : 'primary'}
                  disabled={busy}
                  onClick={() => send({ kind: 'accept', message }, false)}
                >
                  {ot('orders.accept')}
                </Button>
                {order.status === 'pending' && !attention ? (
                  <Button variant="secondary" disabled={busy} onClick={() => send({ kind: 'wait', message }, false)}>
                    {ot('orders.wait')}
                  </Button>
                ) : null}
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() => send({ kind: 'reject', cancel_msg: message }, true)}
                >
                  {ot('orders.reject')}
                </Button>
              </>
            )}
          </div>
        </div>
      ) : null}
    </Card>
  );
}

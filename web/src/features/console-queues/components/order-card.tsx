import type { AdminOrder } from '@raseed/contract';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
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
import { CopyButton } from '@/components/console/copy-button';
import { StorefrontBadge } from '@/components/console/storefront-badge';
import { showsProviderPrice } from '@/lib/console/storefronts';
import { type DecisionQuestion, DecisionConfirm, questionOf } from './decision-confirm';

/** What the queue's keyboard shortcuts ask of the selected card. */
export type OrderCardHandle = { accept: () => void; reject: () => void };

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

/**
 * One order with what the customer entered (each value with a copy button) and the decisions its
 * status allows. A decision that moves money asks first, naming the amount and the customer.
 */
export function OrderCard({
  order,
  selected = false,
  ref,
}: {
  order: AdminOrder;
  selected?: boolean;
  ref?: Ref<OrderCardHandle>;
}) {
  const headingId = useId();
  const cardId = useId();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [asking, setAsking] = useState<DecisionQuestion>();
  const decide = useDecideOrder({
    onSuccess: (_reply, { decision }) => toast.success(ot(doneMessage(decision))),
    onError: (e) => {
      setAsking(undefined);
      toastError(e);
    },
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
    if (needsReason && !text.trim()) {
      setError(ot('orders.reasonRequired'));
      messageRef.current?.focus();
      return;
    }
    setError(undefined);
    const question = questionOf(order, decision);
    if (question) setAsking(question);
    else decide.mutate({ id: order.id, decision });
  }
  const message = text.trim();
  const decidable = open && order.status !== 'request_cancel' && !busy;

  useImperativeHandle(ref, () => ({
    accept: () => {
      if (decidable) send({ kind: 'accept', message }, false);
    },
    reject: () => {
      if (decidable) send({ kind: 'reject', cancel_msg: message }, true);
    },
  }));

  useEffect(() => {
    if (!selected) return;
    // Focus brings the card into view, and a screen reader to its heading; never out of an open
    // dialog (the list re-reads itself and selects the next card while the help sheet is open).
    if (document.activeElement?.closest('[aria-modal="true"]')) return;
    document.getElementById(cardId)?.focus();
  }, [selected, cardId]);

  return (
    <Card
      as="article"
      id={cardId}
      tabIndex={-1}
      aria-current={selected ? 'true' : undefined}
      className={`flex flex-col gap-3 outline-none ${selected ? 'ring-2 ring-accent' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center text-lg font-bold text-fg">
          <span dir="ltr">#{order.id}</span>
          <CopyButton label={ot('orders.number')} value={String(order.id)} />
          <span>· {order.product.name}</span>
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <StorefrontBadge id={order.storefront_id} />
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <CustomerBlock user={order.user} />
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {order.data ? (
            <>
              <dt className="self-center text-muted">{first}</dt>
              <dd className="flex items-center font-bold text-fg">
                <span className="min-w-0 break-all" dir="auto">
                  {order.data}
                </span>
                <CopyButton label={first} value={order.data} />
              </dd>
            </>
          ) : null}
          {order.data2 ? (
            <>
              <dt className="self-center text-muted">{second}</dt>
              <dd className="flex items-center text-fg">
                <span className="min-w-0 break-all" dir="auto">
                  {order.data2}
                </span>
                <CopyButton label={second} value={order.data2} />
              </dd>
            </>
          ) : null}
          {order.phone ? (
            <>
              <dt className="self-center text-muted">{t('orders.phone')}</dt>
              <dd className="flex items-center text-fg">
                <span className="min-w-0 break-all" dir="ltr">
                  {order.phone}
                </span>
                <CopyButton label={t('orders.phone')} value={order.phone} />
              </dd>
            </>
          ) : null}
          {order.account_password ? (
            <>
              <dt className="self-center text-muted">{ot('orders.password')}</dt>
              <dd className="flex items-center font-bold text-fg">
                <span className="min-w-0 break-all" dir="ltr">
                  {order.account_password}
                </span>
                <CopyButton label={ot('orders.password')} value={order.account_password} />
              </dd>
            </>
          ) : null}
          <dt className="text-muted">{ot('orders.quantity')}</dt>
          <dd className="text-fg">{order.quantity}</dd>
          <dt className="text-muted">{ot('orders.price')}</dt>
          <dd className="text-fg">{formatCurrency(order.price)}</dd>
          {showsProviderPrice(order) && (
            <>
              <dt className="text-muted">{ot('orders.providerPrice')}</dt>
              <dd className="text-fg">{formatCurrency(order.provider_price)}</dd>
            </>
          )}
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
            ref={messageRef}
            label={order.status === 'request_cancel' ? ot('orders.cancelMsg') : ot('orders.message')}
            rows={2}
            maxLength={500}
            value={text}
            error={error}
            hint={order.status === 'request_cancel' ? undefined : ot('orders.messageHint')}
            onChange={(e) => setText(e.target.value)}
            // Escape leaves the box, so the queue's shortcuts work again.
            onKeyDown={(e) => {
              if (e.key === 'Escape') e.currentTarget.blur();
            }}
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
      {asking ? (
        <DecisionConfirm
          question={asking}
          pending={decide.isPending}
          onConfirm={() => decide.mutate({ id: order.id, decision: asking.decision })}
          onBack={() => setAsking(undefined)}
        />
      ) : null}
    </Card>
  );
}

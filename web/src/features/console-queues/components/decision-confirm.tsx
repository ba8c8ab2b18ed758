import type { AdminOrder } from '@raseed/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatCurrency } from '@/lib/format';
import { ot } from '@/lib/console/copy-ar';
import type { OrderDecision } from '../api';

/** The question a money decision asks before anything is sent: what it does, how much, to whom. */
export type DecisionQuestion = {
  decision: OrderDecision;
  title: string;
  confirmLabel: string;
  note: string;
  detail?: string;
  tone: 'accent' | 'danger';
};

/** The question for an order decision, or none for one that moves no money (wait, keeping an order). */
export function questionOf(order: AdminOrder, decision: OrderDecision): DecisionQuestion | undefined {
  const vars = { id: order.id, price: formatCurrency(order.price), name: order.user.name };
  if (decision.kind === 'accept') {
    return {
      decision,
      title: ot('confirm.orderAccept', vars),
      confirmLabel: ot('orders.accept'),
      note: ot('confirm.orderAcceptNote'),
      detail: decision.message ? ot('confirm.message', { message: decision.message }) : undefined,
      tone: 'accent',
    };
  }
  if (decision.kind === 'reject') {
    return {
      decision,
      title: ot('confirm.orderReject', vars),
      confirmLabel: ot('orders.reject'),
      note: ot('confirm.orderRejectNote'),
      detail: ot('confirm.reason', { reason: decision.cancel_msg }),
      tone: 'danger',
    };
  }
  if (decision.kind === 'cancel-request' && decision.approve) {
    return {
      decision,
      title: ot('confirm.cancelApprove', vars),
      confirmLabel: ot('orders.cancelApprove'),
      note: ot('confirm.orderRejectNote'),
      tone: 'danger',
    };
  }
  return undefined;
}

/** The kit's confirm dialog with a decision's question; nothing is sent until its button is pressed. */
export function DecisionConfirm({
  question,
  pending,
  onConfirm,
  onBack,
}: {
  question: Pick<DecisionQuestion, 'title' | 'confirmLabel' | 'note' | 'detail' | 'tone'>;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <ConfirmDialog
      title={question.title}
      confirmLabel={question.confirmLabel}
      backLabel={ot('confirm.back')}
      pending={pending}
      pendingLabel={ot('confirm.working')}
      tone={question.tone}
      onConfirm={onConfirm}
      onBack={onBack}
    >
      <p className="text-sm text-muted">{question.note}</p>
      {question.detail ? <p className="mt-2 text-sm break-words text-fg">{question.detail}</p> : null}
    </ConfirmDialog>
  );
}

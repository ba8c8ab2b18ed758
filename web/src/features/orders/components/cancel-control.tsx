import type { Order } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { t } from '@/lib/i18n';
import { useCancelOrder } from '../api';
import { Button } from '@/components/ui/button';

/**
 * The cancel button of a pending or waiting order (not api), behind "هل أنت متأكد؟". Once a
 * cancel request is with the operator, the customer sees that instead of a second button.
 */
export function CancelControl({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelOrder();

  if (order.status === 'request_cancel') {
    return (
      <p
        role="status"
        className={
          'self-end justify-self-end rounded-xl border border-line ' +
          'bg-surface-2 px-3 py-2 text-sm font-bold text-fg'
        }
      >
        {t('orders.cancelPending')}
      </p>
    );
  }
  if ((order.status !== 'pending' && order.status !== 'wait') || order.api) return null;

  const onConfirm = () =>
    cancel.mutate(order.id, {
      onSuccess: ({ order: returned }) => {
        setAsking(false);
        if (returned.status === 'request_cancel') toast.info(t('orders.cancelRequested'));
        onChanged(returned);
      },
      // docs/product-rules.md#errors: cancel failures are only logged.
      onError: (error) => {
        setAsking(false);
        console.error('cancel failed', error);
      },
    });

  return (
    <>
      <Button
        onClick={() => setAsking(true)}
        disabled={cancel.isPending}
        variant="danger"
        className="self-end justify-self-end text-sm"
      >
        {t('orders.cancel')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t('orders.cancelConfirm')}
          confirmLabel={t('orders.cancelYes')}
          backLabel={t('orders.cancelNo')}
          tone="danger"
          pending={cancel.isPending}
          onConfirm={onConfirm}
          onBack={() => setAsking(false)}
        >
          <p className="text-sm text-muted">
            {order.status === 'pending' ? t('orders.cancelConfirmBody') : t('orders.cancelRequestBody')}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

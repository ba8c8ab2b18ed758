import { t } from '@/lib/i18n';

/** Spec §4: success shows 'charged', cancel 'cancelled', and anything else 'pending'. */
export function chargeStatusLabel(status: string): string {
  if (status === 'success') return t('charge.success');
  if (status === 'cancel') return t('charge.cancel');
  return t('charge.pending');
}

const tone: Record<string, string> = {
  success: 'bg-accent/15 text-accent',
  cancel: 'bg-danger-bg text-danger',
};

export function ChargeStatus({ status }: { status: string }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-xs font-bold ${tone[status] ?? 'bg-amber-400/15 text-amber-500 light:text-amber-700'}`}>
      {chargeStatusLabel(status)}
    </span>
  );
}

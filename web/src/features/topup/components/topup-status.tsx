import { TopupStatusBadge } from '@/components/ui/badge';
import { t } from '@/lib/i18n';

/**
 * docs/product-rules.md#states: success shows 'charged', anything else 'pending'; a cancelled request reads 'rejected'
 * (issue 13).
 */
export function topupStatusLabel(status: string): string {
  if (status === 'success') return t('topupStatus.success');
  if (status === 'cancel') return t('topupStatus.rejected');
  return t('topupStatus.pending');
}

/**
 * The status word; a rejection also gives the operator's reason, and an approval with a corrected amount says why
 * it was corrected: what the customer needs.
 */
export function TopupStatus({ status, reason }: { status: string; reason?: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-1">
      <TopupStatusBadge status={status}>{topupStatusLabel(status)}</TopupStatusBadge>
      {status === 'cancel' && reason ? (
        <span className="text-sm text-fg">
          <span className="sr-only">: </span>
          {reason}
        </span>
      ) : null}
      {status === 'success' && reason ? (
        <span className="text-sm text-fg">
          <span className="sr-only">، </span>
          {t('topups.corrected')} {reason}
        </span>
      ) : null}
    </span>
  );
}

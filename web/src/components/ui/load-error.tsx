import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { Button } from './button';

/**
 * A page (or part of one) that failed to load: what failed, why if the server said, and a retry.
 * Never the order form's "حدث خطأ في الطلب", which reads as "your order failed".
 */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  const detail = isApiError(error) && error.status !== 0 && error.msg ? error.msg : t('load.offline');
  return (
    <div
      role="alert"
      className={
        'mx-auto grid max-w-md justify-items-center gap-3 rounded-2xl ' +
        'border border-line bg-surface p-6 text-center'
      }
    >
      <p className="font-bold text-fg">{t('load.failed', { what })}</p>
      <p className="text-sm text-muted">{detail}</p>
      <Button onClick={onRetry}>{t('load.retry')}</Button>
    </div>
  );
}

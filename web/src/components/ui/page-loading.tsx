import { t } from '@/lib/i18n';

/** Shown while a route chunk loads or a guard waits for the stored session. */
export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
      />
      <span>{t('loading')}</span>
    </div>
  );
}

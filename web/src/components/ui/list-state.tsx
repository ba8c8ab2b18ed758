import type { ReactNode } from 'react';
import { useErrorToast } from '@/lib/error-toast';
import { t } from '@/lib/i18n';
import { LoadError } from './load-error';
import { SkeletonCards } from './skeleton';

type ListQuery<T> = { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };

type ListStateProps<T> = {
  query: ListQuery<T>;
  children: (data: T) => ReactNode;
  /** What failed, for "تعذّر تحميل …" (defaults to "this page"). */
  what?: string;
  /** Also shows a failed load as a dark toast with the server's message (customer list pages). */
  toastId?: string;
  isEmpty?: (data: T) => boolean;
  /** The empty message, and the next step to offer (a link or button). */
  empty?: string;
  next?: ReactNode;
  /** The loading stand-in; three skeleton cards by default. */
  loading?: ReactNode;
};

/**
 * The states of every list page in one place: skeleton while loading, what failed with a retry,
 * an empty message with the next step, or the list.
 */
export function ListState<T>({ query, children, what, toastId, isEmpty, empty, next, loading }: ListStateProps<T>) {
  useErrorToast(toastId ? query.error : null, toastId ?? '');
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) return <EmptyState message={empty ?? t('list.empty')} next={next} />;
    return <>{children(query.data)}</>;
  }
  if (query.error)
    return <LoadError what={what ?? t('load.what.page')} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{loading ?? <SkeletonCards count={3} />}</>;
}

export function EmptyState({ message, next }: { message: string; next?: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 rounded-2xl border border-line bg-surface p-6 text-center">
      <p className="text-muted">{message}</p>
      {next}
    </div>
  );
}

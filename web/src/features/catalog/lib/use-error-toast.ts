import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';

/** The Arabic text of a failed call, or the copy deck's generic 'error in the request'. */
export function errorText(error: unknown): string {
  return isApiError(error) && error.msg ? error.msg : t('request.error');
}

/** Spec §8: a list page that fails to load shows the server's msg in a dark toast. */
export function useErrorToast(error: unknown, id: string): void {
  useEffect(() => {
    if (error) toast.error(errorText(error), { theme: 'dark', toastId: id });
  }, [error, id]);
}

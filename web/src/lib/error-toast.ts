import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';

/** The Arabic text of a failed call, or the copy deck's generic 'error in the request'. */
export function errorText(error: unknown): string {
  return isApiError(error) && error.msg ? error.msg : t('request.error');
}

/** A toast with the Arabic text of a failed action (a mutation's onError). */
export function toastError(error: unknown): void {
  toast.error(errorText(error));
}

/** docs/product-rules.md#errors: a list page that fails to load shows the server's msg in a dark toast. */
export function useErrorToast(error: unknown, id: string): void {
  useEffect(() => {
    if (error) toast.error(errorText(error), { theme: 'dark', toastId: id });
  }, [error, id]);
}

/**
 * A form's failed save: each field error from the server on its field (react-hook-form's
 * setError), and the message in a toast.
 */
export function showServerErrors(error: unknown, setError: (name: never, e: { message: string }) => void): void {
  if (isApiError(error) && error.errors) {
    for (const [name, messages] of Object.entries(error.errors))
      if (messages[0]) setError(name as never, { message: messages[0] });
  }
  toastError(error);
}

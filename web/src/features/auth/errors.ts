import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';

/** The Arabic text of a failed call: the server's msg, or the generic request error. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.msg : t('request.error');
}

/** Spec section 8: the server's `errors` object flattened into one line per message. */
export function errorLines(error: unknown): string[] {
  if (isApiError(error) && error.errors) {
    const lines = Object.values(error.errors).flat();
    if (lines.length) return [...new Set(lines)];
  }
  return [errorMessage(error)];
}

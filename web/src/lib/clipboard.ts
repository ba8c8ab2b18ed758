import { toast } from 'react-toastify';
import { t } from '@/lib/i18n';

/**
 * Copies text and says so in a toast (docs/product-rules.md#errors: 'copied to the clipboard' / 'error in copying').
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('clipboard.ok'));
  } catch (error) {
    toast.error(t('clipboard.fail', { detail: error instanceof Error ? error.message : String(error) }));
  }
}

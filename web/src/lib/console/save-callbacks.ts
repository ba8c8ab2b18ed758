import { toast } from 'react-toastify';
import { showServerErrors } from '@/lib/error-toast';
import { ot } from './copy-ar';

/**
 * What an inline editor does after its save: say "saved" and close, or put the server's messages
 * beside their fields (react-hook-form's setError) and in a toast.
 */
export function saveCallbacks(onDone: () => void, setError: Parameters<typeof showServerErrors>[1]) {
  return {
    onSuccess: () => {
      toast.success(ot('admin.saved'));
      onDone();
    },
    onError: (e: unknown) => showServerErrors(e, setError),
  };
}

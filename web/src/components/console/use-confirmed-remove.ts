import { useState } from 'react';
import { toast } from 'react-toastify';
import { ot } from '@/lib/console/copy-ar';
import { toastError } from '@/lib/error-toast';

type Remove = {
  mutate: (id: number, o: { onSuccess: () => void; onError: (e: unknown) => void; onSettled: () => void }) => void;
  isPending: boolean;
};

/** Delete in two presses: `ask` marks a row, `confirm` deletes it and says how it went (a 409's reason included). */
export function useConfirmedRemove(remove: Remove) {
  const [confirming, setConfirming] = useState<number | null>(null);
  return {
    confirming,
    busy: remove.isPending,
    ask: setConfirming,
    confirm: (id: number) =>
      remove.mutate(id, {
        onSuccess: () => toast.success(ot('admin.deleted')),
        onError: (e) => toastError(e),
        onSettled: () => setConfirming(null),
      }),
  };
}

import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { PushDenied, pushSupported, resyncPush, useEnablePush } from './api';
import { pushAr } from './copy-ar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const DISMISSED = 'raseed.push.dismissed';

/**
 * The orders page's question before any browser prompt: only when this browser can take pushes,
 * has not been asked yet and the customer did not say "not now". Never on first load of the store.
 */
export function PushPrompt() {
  const enable = useEnablePush();
  const [hidden, setHidden] = useState(
    () => !pushSupported() || Notification.permission !== 'default' || localStorage.getItem(DISMISSED) === '1',
  );
  useEffect(() => {
    resyncPush().catch(() => undefined);
  }, []);
  if (hidden) return null;
  return (
    <Card as="section" className="mb-4 grid gap-3" aria-labelledby="push-prompt-title">
      <h2 id="push-prompt-title" className="font-bold text-fg">
        {pushAr.promptTitle}
      </h2>
      <p className="text-sm text-muted">{pushAr.promptText}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={enable.isPending}
          onClick={() =>
            enable.mutate(undefined, {
              onSuccess: () => {
                toast.success(pushAr.enabled);
                setHidden(true);
              },
              onError: (error) => {
                toast.error(error instanceof PushDenied ? pushAr.denied : pushAr.failed, { toastId: 'push-failed' });
                if (error instanceof PushDenied) setHidden(true);
              },
            })
          }
        >
          {pushAr.enable}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            localStorage.setItem(DISMISSED, '1');
            setHidden(true);
          }}
        >
          {pushAr.later}
        </Button>
      </div>
    </Card>
  );
}

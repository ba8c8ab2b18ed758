import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { pushAr } from './copy-ar';

/**
 * The query roots an event re-reads (orders, balance, notices, top-ups, and the signed-in user); the catalog is left
 * alone.
 */
const LIVE_ROOTS = new Set(['orders', 'wallet', 'notifications', 'topup']);

/**
 * Listens to the customer's event stream (GET /events) while mounted; each `change` re-reads the
 * queries on screen (orders, balance, notices) at once, so nobody waits for the 15 s poll. The
 * stream is read with fetch (the token goes in the header); it reconnects after a drop, not
 * after the server ended it (the 15 s poll goes on).
 */
function useLiveUpdates(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    // `end`: the server closed this stream on purpose (the session ended, or newer tabs took the
    // customer's streams); reconnecting would only be refused or close another tab's stream.
    let ended = false;
    const connect = async () => {
      try {
        const res = await api.stream('/events', ctrl.signal);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1];
            if (event === 'ready') setLive(true);
            if (event === 'end') ended = true;
            if (event === 'change')
              void queryClient.invalidateQueries({
                predicate: (q) =>
                  LIVE_ROOTS.has(String(q.queryKey[0])) || (q.queryKey[0] === 'auth' && q.queryKey[1] === 'me'),
              });
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Aborted, offline or signed out: the 15 s poll still runs.
      }
      setLive(false);
      if (!ctrl.signal.aborted && !ended) retry = setTimeout(connect, 3000);
    };
    void connect();
    return () => {
      ctrl.abort();
      clearTimeout(retry);
    };
  }, [enabled, queryClient]);
  return live;
}

/**
 * Besides the 15 s poll: while mounted (the orders page), the event stream re-reads the page the
 * moment an order changes; a screen reader is told once the stream is live.
 */
export function LiveUpdates() {
  const live = useLiveUpdates(true);
  return live ? (
    <p className="sr-only" data-live="on">
      {pushAr.live}
    </p>
  ) : null;
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/query-keys';
import { pushAr } from './copy-ar';

/**
 * The query roots an event re-reads (orders, balance, notices, top-ups, and the signed-in user); the catalog is left
 * alone.
 */
const LIVE_ROOTS = new Set(['orders', 'wallet', 'notifications', 'topup']);

/**
 * Reads the customer's event stream (GET /events) until stopped; each `change` re-reads the
 * queries on screen (orders, balance, notices, and the signed-in user, whose balance the header
 * shows), so nobody waits for a poll. The stream is read with fetch (the token goes in the
 * header); it reconnects after a drop, not after the server ended it.
 */
function openStream(queryClient: QueryClient, setLive: (live: boolean) => void): () => void {
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
          if (event === 'end') {
            ended = true;
            // Perhaps the session was ended from another device: asking who is signed in lets
            // the 401 sign this tab out at once, with the server's reason.
            void queryClient.invalidateQueries({ queryKey: authKeys.me });
          }
          if (event === 'change')
            void queryClient.invalidateQueries({
              predicate: (q) =>
                LIVE_ROOTS.has(String(q.queryKey[0])) || (q.queryKey[0] === 'auth' && q.queryKey[1] === 'me'),
            });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted, offline or signed out: the pages' own polls still run.
    }
    setLive(false);
    if (!ctrl.signal.aborted && !ended) retry = setTimeout(connect, 3000);
  };
  void connect();
  return () => {
    ctrl.abort();
    clearTimeout(retry);
  };
}

type Shared = { users: number; live: boolean; listeners: Set<(live: boolean) => void>; stop: () => void };

/** One stream per tab (per query cache), however many screens listen: the server caps streams per customer. */
const streams = new WeakMap<QueryClient, Shared>();

function useLiveUpdates(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let shared = streams.get(queryClient);
    if (!shared) {
      const fresh: Shared = { users: 0, live: false, listeners: new Set(), stop: () => undefined };
      fresh.stop = openStream(queryClient, (next) => {
        fresh.live = next;
        for (const listener of fresh.listeners) listener(next);
      });
      streams.set(queryClient, fresh);
      shared = fresh;
    }
    const current = shared;
    current.users += 1;
    current.listeners.add(setLive);
    setLive(current.live);
    return () => {
      current.listeners.delete(setLive);
      current.users -= 1;
      if (current.users === 0) {
        current.stop();
        streams.delete(queryClient);
      }
    };
  }, [queryClient]);
  return live;
}

/**
 * The whole store, for a signed-in customer: keeps the stream open so the header's balance and
 * the bell follow an approved top-up or a delivered order on any screen. Renders nothing.
 */
export function LiveStream() {
  useLiveUpdates();
  return null;
}

/**
 * On the orders page: the same stream (shared, not a second one) re-reads the page the moment an
 * order changes; a screen reader is told once the stream is live.
 */
export function LiveUpdates() {
  const live = useLiveUpdates();
  return live ? (
    <p className="sr-only" data-live="on">
      {pushAr.live}
    </p>
  ) : null;
}

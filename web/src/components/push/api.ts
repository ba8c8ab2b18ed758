import { emptyReply, pushKeyReply } from '@raseed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** True where this browser can take web pushes (service worker + PushManager + Notification). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export class PushDenied extends Error {}

/**
 * After the customer agreed: asks the browser's permission, subscribes with the store's VAPID key
 * and stores the subscription for this session (POST /push-subscription).
 */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDenied();
  const key = (await api.get('/push/key', pushKeyReply)).data.public_key;
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  // A browser whose push service cannot be reached may never answer: give up after 15 s.
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('push service timeout')), 15_000),
  );
  const subscription =
    existing ??
    (await Promise.race([
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
      timeout,
    ]));
  await api.post('/push-subscription', subscription.toJSON() as Record<string, unknown>, emptyReply);
}

/**
 * This browser already allowed pushes and holds a subscription (e.g. from before a sign-out):
 * hand it to the current session, without asking anything. Failures are silent.
 */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await api.post('/push-subscription', subscription.toJSON() as Record<string, unknown>, emptyReply);
}

export function useEnablePush() {
  return useMutation({ mutationFn: enablePush });
}

/**
 * The query roots an event re-reads (orders, balance, notices, top-ups, and the signed-in user); the catalog is left
 * alone.
 */
const LIVE_ROOTS = new Set(['orders', 'balances', 'notifications', 'topup']);

/**
 * Listens to the customer's event stream (GET /events) while mounted; each `change` re-reads the
 * queries on screen (orders, balance, notices) at once, so nobody waits for the 15 s poll. The
 * stream is read with fetch (the token goes in the header); it reconnects after a drop.
 */
export function useLiveUpdates(enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
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
      if (!ctrl.signal.aborted) retry = setTimeout(connect, 3000);
    };
    void connect();
    return () => {
      ctrl.abort();
      clearTimeout(retry);
    };
  }, [enabled, queryClient]);
  return live;
}

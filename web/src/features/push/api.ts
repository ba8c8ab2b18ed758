import { emptyReply, pushKeyReply } from '@raseed/contract';
import { useMutation } from '@tanstack/react-query';
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
 * hand it to the current session, without asking anything. Failures are silent: a session whose
 * password was not confirmed lately gets a 423 here (a new endpoint is an account-control change),
 * and the customer is not interrupted for it.
 */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription)
    await api.post('/push-subscription', subscription.toJSON() as Record<string, unknown>, emptyReply, {
      askPassword: false,
    });
}

export function useEnablePush() {
  return useMutation({ mutationFn: enablePush });
}

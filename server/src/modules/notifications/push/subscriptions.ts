import type { DB } from '../../../db/database';
import { AppError } from '../../../kernel/errors';
import { findSubscriptionByEndpoint, saveSubscription } from './repository';

export type SubscriptionInput = { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string };

export const pushEndpointTakenMsg = 'هذا العنوان للإشعارات مسجّل لمتصفح آخر';

/** Whether this session already holds exactly this subscription: saving it again changes nothing. */
export async function isCurrentSubscription(db: DB, input: SubscriptionInput): Promise<boolean> {
  const held = await findSubscriptionByEndpoint(db, input.endpoint);
  return (
    held !== undefined &&
    held.session_id === input.sessionId &&
    held.p256dh === input.p256dh &&
    held.auth === input.auth
  );
}

/**
 * Stores this session's subscription. An endpoint is one browser's: another account may take it
 * over only with the same keys (the same browser, signed in to another account). Someone who
 * merely learned the address, with keys of their own, gets a 409 and the owner keeps it.
 */
export async function subscribe(trx: DB, input: SubscriptionInput): Promise<void> {
  const held = await findSubscriptionByEndpoint(trx, input.endpoint);
  if (held && held.user_id !== input.userId && (held.p256dh !== input.p256dh || held.auth !== input.auth))
    throw new AppError('conflict', pushEndpointTakenMsg);
  await saveSubscription(trx, input);
}

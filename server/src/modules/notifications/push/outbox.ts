import type { DB } from '../../../db/database';
import { after } from '../../../kernel/unit-of-work';
import { requestIdOf } from '../../../kernel/request-context';
import { now } from '../../../kernel/time';
import { insertPushesFor } from './repository';

/** What the service worker shows: an Arabic title and body, and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string; tag?: string };

/**
 * The queued JSON of a push: the title cut to 200 characters and the body to 1000 (a push
 * service's payload is small). Every push is written by it, the one-statement stock sale's too
 * (notice-statements.ts).
 */
export function pushPayload(message: PushMessage): string {
  return JSON.stringify({ ...message, title: message.title.slice(0, 200), body: message.body.slice(0, 1000) });
}

/**
 * Queues a push to every browser the user (null: every customer) subscribed, in the caller's
 * transaction, so a notice and its pushes commit together and the operator's action never waits
 * for a push service. After the commit the user's open event streams are told (the `users-changed`
 * effect) and, when a push was queued, the push worker looks at once: a customer without a
 * subscribed browser (most of them) costs the worker no look, which is a write (claimPush).
 */
export async function queuePush(
  trx: DB,
  userId: number | null,
  message: PushMessage,
  /** With `userId` null: only this storefront's customers (null: every storefront's). */
  storefront: number | null = null,
): Promise<void> {
  after(trx, { kind: 'users-changed', users: [userId] });
  const push = { payload: pushPayload(message), t: now(), reqId: requestIdOf(trx) };
  if ((await insertPushesFor(trx, userId, push, storefront)) > 0) after(trx, { kind: 'wake', worker: 'push' });
}

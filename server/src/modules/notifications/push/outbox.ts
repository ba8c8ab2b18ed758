import type { DB } from '../../../db/database';
import { after } from '../../../kernel/unit-of-work';
import { now } from '../../../kernel/time';
import { insertPushesFor } from './repository';

/** What the service worker shows: an Arabic title and body, and the page a tap opens. */
export type PushMessage = { title: string; body: string; url: string; tag?: string };

/**
 * Queues a push to every browser the user (null: every customer) subscribed, in the caller's
 * transaction, so a notice and its pushes commit together and the operator's action never waits
 * for a push service. After the commit the user's open event streams are told and the push
 * worker woken (the `users-changed` effect).
 */
export async function queuePush(trx: DB, userId: number | null, message: PushMessage): Promise<void> {
  after(trx, { kind: 'users-changed', users: [userId] });
  const t = now();
  const payload = JSON.stringify({ ...message, title: message.title.slice(0, 200), body: message.body.slice(0, 1000) });
  // Only sessions still signed in: a signed-out browser gets nothing more. (A stock sale on
  // PostgreSQL queues its push inside its own statement with the same rule: stock-sale-statements.ts.)
  await insertPushesFor(trx, userId, payload, t);
}

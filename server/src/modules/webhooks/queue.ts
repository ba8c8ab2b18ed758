import type { DB } from '../../db/database';
import { requestIdOf } from '../../kernel/request-context';
import { now } from '../../kernel/time';
import { after } from '../../kernel/unit-of-work';
import { anyTaker, eventPattern, insertDeliveries, type WebhookEventType } from './outbox-statements';
import { newEventId } from './signature';

/**
 * Queues an event for every endpoint of the user that takes it, in the caller's transaction: the
 * event commits with the change it reports, and a rolled-back change sends nothing. `subject` is
 * the changed row as the change left it (the body is rendered from it when sent). For a customer
 * without endpoints it is one indexed read that finds nothing. After the commit the webhook worker
 * looks at once (the `wake` effect), only when something was queued.
 */
export async function queueWebhookEvent(
  trx: DB,
  event: {
    userId: number;
    type: WebhookEventType;
    subject: object;
    /**
     * The user's `api_access` as this transaction holds it, when the caller has the row (the one
     * its debit returned): without API access no endpoint takes an event, so nothing is read.
     */
    apiAccess?: number;
  },
): Promise<void> {
  if (event.apiAccess === 0) return;
  const pattern = eventPattern(event.type);
  if (!(await anyTaker(trx, { userId: event.userId, pattern })).rows.length) return;
  const result = await insertDeliveries(trx, {
    userId: event.userId,
    type: event.type,
    pattern,
    eventId: newEventId(),
    subject: JSON.stringify(event.subject),
    t: now(),
    reqId: requestIdOf(trx),
  });
  if (Number(result.numAffectedRows ?? 0) > 0) after(trx, { kind: 'wake', worker: 'webhooks' });
}

import {
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookWithSecret,
  webhookEventTypes,
  webhookLimits,
} from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { type Outbound, OutboundError } from '../../kernel/outbound';
import type { Sealer } from '../../kernel/sealing';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { hookMsg } from './messages-ar';
import {
  apiAccessOf,
  countEndpoints,
  type DeliveryRow,
  deleteEndpoint,
  deliveriesOf,
  type EndpointRow,
  endpointOf,
  endpointSecret,
  endpointsOf,
  insertEndpoint,
  lockUser,
  retryDeliveryRow,
  updateEndpoint,
} from './repository';
import { newSecret } from './signature';

/** After a rotation the previous secret signs too, this long, so a receiver can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

function toEndpoint(row: EndpointRow, t: string = now()): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    state: row.disabled_at ? 'disabled' : row.failing_since ? 'failing' : 'active',
    disabled_reason: row.disabled_reason,
    failing_since: row.failing_since,
    disabled_at: row.disabled_at,
    previous_secret_until:
      row.previous_secret_until !== null && row.previous_secret_until > t ? row.previous_secret_until : null,
    created_at: row.created_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    type: row.type,
    state: row.state,
    attempts: row.attempts,
    last_status: row.last_status,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
    created_at: row.created_at,
  };
}

/** Only customers the store allowed use webhooks (403 otherwise), as for API keys. */
export async function assertApiAccess(db: DB, userId: number): Promise<void> {
  const user = await apiAccessOf(db, userId);
  if (user?.role !== 'customer') throw new AppError('forbidden', hookMsg.operatorsHaveNone);
  if (user.api_access !== 1) throw new AppError('forbidden', hookMsg.accessOff);
}

/**
 * The outbound guard's verdict on a URL before it is saved (it judges it again at each attempt):
 * a refused scheme or address, or a name that does not resolve, is a 422 on `url`; nothing is
 * sent. Both get one message: two would tell a caller which names resolve inside the network.
 */
async function checkUrl(outbound: Outbound, url: string): Promise<void> {
  try {
    await outbound.check(url);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    throw AppError.fields({ url: [hookMsg.urlRefused] });
  }
}

export async function listEndpoints(db: DB, userId: number): Promise<WebhookEndpoint[]> {
  const t = now();
  return (await endpointsOf(db, userId)).map((row) => toEndpoint(row, t));
}

/** A customer's endpoints as the console shows them; 404 for no such user. */
export async function listEndpointsOfUser(db: DB, userId: number): Promise<WebhookEndpoint[]> {
  if (!(await apiAccessOf(db, userId))) throw new AppError('not_found');
  return listEndpoints(db, userId);
}

async function ownEndpoint(db: DB, userId: number, id: number): Promise<EndpointRow> {
  const row = await endpointOf(db, userId, id);
  if (!row) throw new AppError('not_found', hookMsg.notFound);
  return row;
}

export async function getEndpoint(db: DB, userId: number, id: number): Promise<WebhookEndpoint> {
  return toEndpoint(await ownEndpoint(db, userId, id));
}

/** A new endpoint; its secret is in this reply only (the table keeps it sealed, to sign with). */
export async function createEndpoint(
  db: DB,
  deps: { sealer: Sealer; outbound: Outbound },
  userId: number,
  input: CreateWebhookBody,
): Promise<WebhookWithSecret> {
  await assertApiAccess(db, userId);
  const url = input.url.trim();
  await checkUrl(deps.outbound, url);
  // In the contract's order, once each.
  const events = webhookEventTypes.filter((e) => !input.events || input.events.includes(e));
  const secret = newSecret();
  const t = now();
  const row: EndpointRow = {
    id: 0,
    url,
    events: JSON.stringify(events),
    failing_since: null,
    disabled_at: null,
    disabled_reason: null,
    previous_secret_until: null,
    created_at: t,
  };
  row.id = await work(db, async (trx) => {
    await assertApiAccess(trx, userId);
    await lockUser(trx, userId);
    if ((await countEndpoints(trx, userId)) >= webhookLimits.perUser) throw new AppError('conflict', hookMsg.tooMany);
    return insertEndpoint(trx, {
      user_id: userId,
      url,
      events: row.events,
      secret_enc: deps.sealer.seal(secret),
      previous_secret_enc: null,
      previous_secret_until: null,
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      created_at: t,
    });
  });
  return { ...toEndpoint(row, t), secret };
}

export async function removeEndpoint(db: DB, userId: number, id: number): Promise<void> {
  if (!(await deleteEndpoint(db, userId, id))) throw new AppError('not_found', hookMsg.notFound);
}

/**
 * A new secret, shown once; the one it replaces keeps signing for ROTATION_OVERLAP_MS (both
 * signatures in `webhook-signature`), so a receiver can change its secret without missing one.
 * A rotation within the overlap drops the oldest: two secrets sign at most.
 */
export async function rotateSecret(db: DB, sealer: Sealer, userId: number, id: number): Promise<WebhookWithSecret> {
  const secret = newSecret();
  return work(db, async (trx) => {
    await assertApiAccess(trx, userId);
    const held = await endpointSecret(trx, userId, id);
    if (!held) throw new AppError('not_found', hookMsg.notFound);
    const t = now();
    await updateEndpoint(trx, id, {
      secret_enc: sealer.seal(secret),
      previous_secret_enc: held.secret_enc,
      previous_secret_until: new Date(Date.parse(t) + ROTATION_OVERLAP_MS).toISOString(),
    });
    return { ...toEndpoint(await ownEndpoint(trx, userId, id), t), secret };
  });
}

export async function listDeliveries(db: DB, userId: number, id: number): Promise<WebhookDelivery[]> {
  await ownEndpoint(db, userId, id);
  return (await deliveriesOf(db, id, webhookLimits.deliveriesShown)).map(toDelivery);
}

/**
 * One more attempt of a delivery, now, whatever its state (a delivered one is sent again, with
 * the same `webhook-id`). It is one attempt: a failure leaves it failed without disabling the
 * endpoint. A disabled endpoint is turned back on: the customer says the receiver works again.
 */
export async function retryDelivery(db: DB, userId: number, id: number, deliveryId: number): Promise<WebhookDelivery> {
  return work(db, async (trx) => {
    await assertApiAccess(trx, userId);
    const endpoint = await ownEndpoint(trx, userId, id);
    const row = await retryDeliveryRow(trx, id, deliveryId, now());
    if (!row) throw new AppError('not_found', hookMsg.deliveryNotFound);
    if (endpoint.disabled_at)
      await updateEndpoint(trx, id, { disabled_at: null, disabled_reason: null, failing_since: null });
    after(trx, { kind: 'wake', worker: 'webhooks' });
    return toDelivery(row);
  });
}

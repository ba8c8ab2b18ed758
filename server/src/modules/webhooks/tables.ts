import type { Generated } from 'kysely';

/** The resellers' webhooks (migration 2026-11-26-14-webhooks), merged into the database's type. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  /** JSON array of the event types it takes, e.g. `["order.updated"]`. */
  events: string;
  /** The `whsec_` secret sealed with the app key: the worker needs it back to sign. */
  secret_enc: string;
  /** The secret before the last rotation, still signing until `previous_secret_until`. */
  previous_secret_enc: string | null;
  previous_secret_until: string | null;
  /** When the first failed attempt since the last delivered one was made; null: none failing. */
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: 'gone' | 'failing' | null;
  created_at: string;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The endpoint's owner: the worker keeps one customer's sends to a few at once. */
  user_id: number;
  /** The `webhook-id` header (`msg_…`): the same on every attempt of this event. */
  event_id: string;
  type: 'order.updated' | 'number.updated' | 'balance.updated';
  /** The changed row as JSON, as the change left it; the body is rendered from it at each attempt. */
  subject: string;
  state: 'pending' | 'delivered' | 'failed';
  /** 1: a retry the customer asked for: one attempt, and its failure does not disable the endpoint. */
  manual: Generated<number>;
  attempts: Generated<number>;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  /** The request that queued this job: the worker logs under its id (kernel/request-context.ts). */
  req_id: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
  /** When the change happened: the body's `timestamp`. */
  created_at: string;
}

declare module '../../db/database' {
  interface Database {
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
  }
}

import type { Generated } from 'kysely';

/** Tables of issue 18 (migration 2026-11-24-18-push-players), merged into the database's type. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: number;
  /** JSON of the PushMessage sent (title, body, url). */
  payload: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  last_error: string | null;
  /** The request that queued this job: the worker logs under its id (kernel/request-context.ts). */
  req_id: string | null;
  created_at: string;
}

export interface SavedPlayersTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  player_id: string;
  label: string;
  player_name: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../../../db/database' {
  interface Database {
    push_subscriptions: PushSubscriptionsTable;
    push_outbox: PushOutboxTable;
    saved_players: SavedPlayersTable;
  }
}

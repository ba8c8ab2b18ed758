import type { MailMessage } from './mailer';

/**
 * What may happen after a commit, as data: a transaction body records these with `after()`
 * (unit-of-work.ts) and the app carries them out once the writes are visible (app-effects.ts).
 * Adding a kind here makes the compiler ask for its handling there.
 */
export type Effect =
  /** These users' orders, balance or notices changed (null: every customer): their event streams and pushes. */
  | { kind: 'users-changed'; users: (number | null)[] }
  /** Settings or the catalog changed (a write, a code that sold out): the replies cached in memory are stale. */
  | { kind: 'reads-stale' }
  /** Work was queued for a background worker: it looks now instead of at its next poll. */
  | { kind: 'wake'; worker: WorkerName }
  /** Sessions changed (signed out, confirmed, role or two-factor changed): the session cache must read them again. */
  | { kind: 'sessions-stale'; userId?: number; sessionId?: number; exceptSessionId?: number }
  /** A storefront, its hosts or its origins changed: the map of hosts must be read again. */
  | { kind: 'storefronts-stale' }
  /** API keys were revoked, or their owner lost API access: the key cache must read them again. */
  | { kind: 'api-keys-stale'; keyId?: number; userId?: number }
  /** A sale left a stock product at or under its threshold: its operators are warned (in a transaction of its own). */
  | { kind: 'stock-low'; productId: number; left: number; reqId: string | null }
  /** An e-mail whose content the commit made true (a reset link now stored): sent, never awaited by the caller. */
  | { kind: 'mail'; message: MailMessage };

export type WorkerName = 'forwarder' | 'numbers' | 'push' | 'webhooks';

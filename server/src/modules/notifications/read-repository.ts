import type { ExpressionBuilder } from 'kysely';
import type { Database, DB } from '../../db/database';
import { now } from '../../kernel/time';

/**
 * The customer's own notices and the store-wide ones sent to every storefront or to the customer's
 * own, as the list shows them.
 */
export function visibleTo(userId: number) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.or([
      eb('notifications.user_id', '=', userId),
      eb.and([
        eb('notifications.user_id', 'is', null),
        eb.or([
          eb('notifications.storefront_id', 'is', null),
          eb(
            'notifications.storefront_id',
            '=',
            eb.selectFrom('users').select('storefront_id').where('id', '=', userId),
          ),
        ]),
      ]),
    ]);
}

export async function lastReadId(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification_reads')
    .select('last_read_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? Number(row.last_read_id) : 0;
}

/** Notices the customer can see that are newer than the last one they read. */
export async function countUnread(db: DB, userId: number, after: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(visibleTo(userId))
    .where('id', '>', after)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function newestVisibleId(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .where(visibleTo(userId))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Moves the read marker forward to `upTo`, never back: two tabs marking at once, or an older
 * list marked after a newer one, leave the highest mark. Portable: insert-if-absent, then a
 * conditional update.
 */
export async function advanceReadMarker(trx: DB, userId: number, upTo: number): Promise<void> {
  const at = now();
  await trx
    .insertInto('notification_reads')
    .values({ user_id: userId, last_read_id: 0, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  await trx
    .updateTable('notification_reads')
    .set({ last_read_id: upTo, updated_at: at })
    .where('user_id', '=', userId)
    .where('last_read_id', '<', upTo)
    .execute();
}

import type { DB } from '../../db/database';
import { advanceReadMarker, countUnread, lastReadId, newestVisibleId } from './read-repository';

export async function unreadCount(db: DB, userId: number): Promise<number> {
  return countUnread(db, userId, await lastReadId(db, userId));
}

/**
 * Marks the caller's notices read up to `upTo` (the newest one their screen showed), capped at
 * the newest one they can actually see, so a made-up id cannot hide notices not yet sent.
 */
export async function markRead(trx: DB, userId: number, upTo: number | undefined): Promise<number> {
  const newest = await newestVisibleId(trx, userId);
  const mark = Math.min(upTo ?? newest, newest);
  if (mark > 0) await advanceReadMarker(trx, userId, mark);
  return unreadCount(trx, userId);
}

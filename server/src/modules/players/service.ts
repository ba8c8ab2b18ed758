import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { work } from '../../kernel/unit-of-work';
import { countPlayers, lockCustomer, upsertPlayer } from './repository';

export const MAX_SAVED_PLAYERS = 50;

/**
 * Saves (or updates) a player id for the customer; the 51st is refused and nothing is kept.
 * The customer is locked first: on PostgreSQL two saves at once would each count the other's
 * row as not yet committed, and both pass the cap.
 */
export function savePlayer(db: DB, userId: number, input: Parameters<typeof upsertPlayer>[2]) {
  return work(db, async (trx) => {
    await lockCustomer(trx, userId);
    const saved = await upsertPlayer(trx, userId, input);
    if ((await countPlayers(trx, userId)) > MAX_SAVED_PLAYERS)
      throw AppError.fields({ player_id: [`لا يمكن حفظ أكثر من ${MAX_SAVED_PLAYERS} لاعباً`] });
    return saved;
  });
}

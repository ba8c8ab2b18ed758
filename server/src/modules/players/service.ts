import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { work } from '../../kernel/unit-of-work';
import { countPlayers, upsertPlayer } from './repository';

export const MAX_SAVED_PLAYERS = 50;

/** Saves (or updates) a player id for the customer; the 51st is refused and nothing is kept. */
export function savePlayer(db: DB, userId: number, input: Parameters<typeof upsertPlayer>[2]) {
  return work(db, async (trx) => {
    const saved = await upsertPlayer(trx, userId, input);
    if ((await countPlayers(trx, userId)) > MAX_SAVED_PLAYERS)
      throw AppError.fields({ player_id: [`لا يمكن حفظ أكثر من ${MAX_SAVED_PLAYERS} لاعباً`] });
    return saved;
  });
}

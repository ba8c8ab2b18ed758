import type { DB } from '../../db/database';
import { now } from '../../kernel/time';

/**
 * Records an operator action in the caller's transaction, so the change and its record commit
 * or vanish together. `before`/`after` are the values the action changed (never secrets).
 */
export async function audit(
  trx: DB,
  actorId: number,
  action: string,
  entity: string,
  entityId: number | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: actorId,
      action: action.slice(0, 60),
      entity: entity.slice(0, 40),
      entity_id: entityId,
      before: before === null || before === undefined ? null : JSON.stringify(before),
      after: after === null || after === undefined ? null : JSON.stringify(after),
      created_at: now(),
    })
    .execute();
}

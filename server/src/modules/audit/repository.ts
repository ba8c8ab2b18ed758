import type { AuditEntry, Paginate } from '@raseed/contract';
import type { DB } from '../../db/database';
import { pageOf, pageWindow } from '../../kernel/http/paging';
import { now } from '../../kernel/time';

export type AuditFilter = {
  entity?: string | undefined;
  entityId?: number | undefined;
  actorId?: number | undefined;
  page: number;
};

const PAGE_SIZE = 50;

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function listAudit(db: DB, f: AuditFilter): Promise<{ entries: AuditEntry[]; paginate: Paginate }> {
  let q = db
    .selectFrom('audit_log')
    .innerJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.created_at',
      'users.id as actor_id',
      'users.name as actor_name',
      'users.email as actor_email',
    ]);
  if (f.entity) q = q.where('audit_log.entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('audit_log.entity_id', '=', f.entityId);
  if (f.actorId !== undefined) q = q.where('audit_log.actor_id', '=', f.actorId);
  const { limit, offset } = pageWindow(f.page, PAGE_SIZE);
  const rows = await q.orderBy('audit_log.id', 'desc').limit(limit).offset(offset).execute();
  const { items, paginate } = pageOf(rows, f.page, PAGE_SIZE);
  return {
    entries: items.map((r) => ({
      id: r.id,
      actor: { id: r.actor_id, name: r.actor_name, email: r.actor_email },
      action: r.action,
      entity: r.entity,
      entity_id: r.entity_id,
      before: parse(r.before),
      after: parse(r.after),
      created_at: r.created_at,
    })),
    paginate,
  };
}

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

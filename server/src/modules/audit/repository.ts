import type { AuditEntry, Paginate } from '@raseed/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DB } from '../../db/database';
import { pageOf, pageWindow } from '../../kernel/http/paging';
import { now } from '../../kernel/time';

export type AuditFilter = {
  entity?: string | undefined;
  entityId?: number | undefined;
  actorId?: number | undefined;
  /** Only the entries about this storefront (`aboutStorefront`); null: every entry. */
  storefront: number | null;
  page: number;
};

type AuditScope = ExpressionBuilder<Database, 'audit_log' | 'users'>;

/**
 * What a storefront's log holds: whatever its own staff did (the actor is bound to it), and what
 * anyone did to its customers, their top-ups, its orders, its settings, sliders, banks and
 * partners. Read from the rows as they are now, so an entry about a slider or a bank since deleted
 * shows only when its staff deleted it. The catalog and fulfilment are the provider's: not here.
 */
function aboutStorefront(storefront: number) {
  return (eb: AuditScope) => {
    const is = (entity: string) => eb('audit_log.entity', '=', entity);
    const rowOf = (table: 'orders' | 'sliders' | 'banks' | 'partners') =>
      eb.exists(
        eb
          .selectFrom(table)
          .select(`${table}.id`)
          .whereRef(`${table}.id`, '=', 'audit_log.entity_id')
          .where(`${table}.storefront_id`, '=', storefront),
      );
    const customer = eb.exists(
      eb
        .selectFrom('users as subject')
        .select('subject.id')
        .whereRef('subject.id', '=', 'audit_log.entity_id')
        .where('subject.role', '=', 'customer')
        .where('subject.storefront_id', '=', storefront),
    );
    const topUp = eb.exists(
      eb
        .selectFrom('charges')
        .innerJoin('users as payer', 'payer.id', 'charges.user_id')
        .select('charges.id')
        .whereRef('charges.id', '=', 'audit_log.entity_id')
        .where('payer.storefront_id', '=', storefront),
    );
    return eb.or([
      eb('users.storefront_id', '=', storefront),
      eb.and([is('user'), customer]),
      eb.and([is('charge'), topUp]),
      eb.and([is('order'), rowOf('orders')]),
      eb.and([is('slider'), rowOf('sliders')]),
      eb.and([is('bank'), rowOf('banks')]),
      eb.and([is('partner'), rowOf('partners')]),
      eb.and([is('settings'), eb('audit_log.entity_id', '=', storefront)]),
    ]);
  };
}

/**
 * The storefront an entry is about, for the provider's column: the row's as it is now (an order's,
 * a customer's, a top-up's payer's, a slider's, a bank's, a partner's, a notice's), the id itself
 * for a storefront's settings or the storefront, and null for the provider's own things (the
 * catalog, suppliers, numbers, operators) and for a row since deleted.
 */
function storefrontOf(eb: AuditScope) {
  const id = eb.ref('audit_log.entity_id');
  const own = (table: 'orders' | 'sliders' | 'banks' | 'partners' | 'notifications') =>
    eb.selectFrom(table).select(`${table}.storefront_id`).whereRef(`${table}.id`, '=', id);
  return eb
    .case('audit_log.entity')
    .when('order')
    .then(own('orders'))
    .when('slider')
    .then(own('sliders'))
    .when('bank')
    .then(own('banks'))
    .when('partner')
    .then(own('partners'))
    .when('notification')
    .then(own('notifications'))
    .when('user')
    .then(eb.selectFrom('users as subject').select('subject.storefront_id').whereRef('subject.id', '=', id))
    .when('charge')
    .then(
      eb
        .selectFrom('charges')
        .innerJoin('users as payer', 'payer.id', 'charges.user_id')
        .select('payer.storefront_id')
        .whereRef('charges.id', '=', id),
    )
    .when('settings')
    .then(id)
    .when('storefront')
    .then(id)
    .else(null)
    .end();
}

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
      (eb) => storefrontOf(eb).as('storefront_id'),
    ]);
  if (f.entity) q = q.where('audit_log.entity', '=', f.entity);
  if (f.entityId !== undefined) q = q.where('audit_log.entity_id', '=', f.entityId);
  if (f.actorId !== undefined) q = q.where('audit_log.actor_id', '=', f.actorId);
  if (f.storefront !== null) q = q.where(aboutStorefront(f.storefront));
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
      storefront_id: r.storefront_id === null ? null : Number(r.storefront_id),
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

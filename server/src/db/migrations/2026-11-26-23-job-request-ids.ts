import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/** The queues whose rows a background worker takes: a supplier forward, a webhook, a number, a push. */
const JOB_TABLES = ['order_outbox', 'webhook_deliveries', 'number_activations', 'push_outbox'] as const;

/**
 * The id of the request that queued a job, kept with the job: the worker that runs it (on any
 * instance, after a restart, on a retry days later) logs its lines under that id. Null for rows
 * queued before, or by a worker or a command rather than a request.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of JOB_TABLES) {
    await db.schema.alterTable(table).addColumn('req_id', 'varchar(64)').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of JOB_TABLES) {
    await db.schema.alterTable(table).dropColumn('req_id').execute();
  }
}

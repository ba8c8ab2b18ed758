import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { DB, SuppliersTable } from '../../../db/database';
import type { Sealer } from '../../../kernel/sealing';
import { now } from '../../../kernel/time';
import { setSupplierHook } from './repository';
import { type Supplier, SupplierError } from './supplier';

/** Where a supplier's webhook reaches us (hook-routes.ts); null without a public address. */
export function hookUrl(publicUrl: string | undefined, supplierId: number): string | null {
  return publicUrl ? `${publicUrl}/hooks/suppliers/${supplierId}` : null;
}

/** After a refusal (no API access upstream, an address it cannot reach) we ask again this much later. */
const RETRY_AFTER_MS = 10 * 60_000;

/**
 * Registers our webhook at the supplier before we forward to it, once per address and key: the secret
 * it shows once is sealed like the supplier's other credentials. When it cannot (no public
 * address, a password account, upstream refuses) we go on without one and polling follows the
 * orders, as before webhooks existed.
 */
export function createHookKeeper(deps: {
  db: DB;
  sealer: Sealer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}) {
  const refusedAt = new Map<number, number>();
  return async function ensureHook(row: Selectable<SuppliersTable>, supplier: Supplier): Promise<void> {
    const url = hookUrl(deps.publicUrl, row.id);
    if (!url) return;
    // Registered for this address with these credentials (a changed key may be another account upstream).
    if (row.hook_url === url && row.hook_at !== null && row.hook_at >= row.updated_at) return;
    if (Date.now() - (refusedAt.get(row.id) ?? 0) < RETRY_AFTER_MS) return;
    try {
      const hook = await supplier.subscribe(url);
      if (!hook) {
        refusedAt.set(row.id, Date.now());
        return;
      }
      if (row.hook_id) await supplier.unsubscribe(row.hook_id);
      await setSupplierHook(deps.db, row.id, {
        hook_id: hook.id,
        hook_secret_enc: deps.sealer.seal(hook.secret),
        hook_url: url,
        hook_at: now(),
      });
      refusedAt.delete(row.id);
    } catch (err) {
      if (!(err instanceof SupplierError)) throw err;
      refusedAt.set(row.id, Date.now());
      deps.log.warn({ supplierId: row.id }, `supplier webhook not registered, polling only: ${err.message}`);
    }
  };
}

export type HookKeeper = ReturnType<typeof createHookKeeper>;

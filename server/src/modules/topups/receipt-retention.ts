import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { markReceiptPurged, rejectedReceiptsBefore } from './repository';
import type { Storage } from '../../kernel/storage';

/** Marks a receipt whose file was deleted; its link then answers 404. */
const PURGED = 'purged/';
const BATCH = 500;

/**
 * Deletes the receipt images of top-ups rejected more than `days` ago (RECEIPT_RETENTION_DAYS,
 * 180 by default). Approved receipts are accounting evidence and are kept; the rejected
 * request itself, its amount and its fingerprints stay for the fraud flags. Idempotent, so
 * several instances may run it at once. Returns how many files were deleted.
 */
export async function purgeRejectedReceipts(
  db: DB,
  storage: Storage,
  days: number,
  nowMs = Date.now(),
): Promise<number> {
  const cutoff = new Date(nowMs - days * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const rows = await rejectedReceiptsBefore(db, cutoff, PURGED, BATCH);
    for (const row of rows) {
      await storage.delete(row.img_key);
      await markReceiptPurged(
        db,
        row.id,
        row.img_key,
        `${PURGED}${row.img_key.slice(row.img_key.lastIndexOf('/') + 1)}`,
      );
      purged += 1;
    }
    if (rows.length < BATCH) return purged;
  }
}

/** Runs the purge shortly after start and then every 6 hours on this instance. */
export function scheduleReceiptRetention(app: FastifyInstance): void {
  const run = () =>
    purgeRejectedReceipts(app.db, app.storage, app.config.receiptRetentionDays)
      .then((n) => {
        if (n) app.log.info({ purged: n }, 'rejected receipts past retention deleted');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'receipt retention run failed'));
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    first = setTimeout(run, 30_000).unref();
    timer = setInterval(run, 6 * 3600_000).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

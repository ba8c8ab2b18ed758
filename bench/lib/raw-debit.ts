import { work } from '../../server/src/kernel/unit-of-work';
import type { DB } from '../../server/src/db/database';
import { debit } from '../../server/src/modules/wallet/ledger';
import type { Figures } from './load';
import { percentile } from './load';

/**
 * The floor under order placement: the same debit (conditional UPDATE + ledger row) in its own
 * transaction, straight on the database, `concurrency` customers at once for `seconds`.
 */
export async function rawDebit(db: DB, customerIds: number[], amount: number, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    customerIds.map(async (id) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        try {
          await work(db, (trx) => debit(trx, id, amount, 'قياس السرعة', { type: 'adjust', id: null }));
          latencies.push(performance.now() - t0);
        } catch {
          failed++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ok: latencies.length,
    failed,
  };
}

import { work } from '../../kernel/unit-of-work';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import * as catalog from './catalog-repository';
import type { PriceEntry } from './numbers-supplier';
import type { NumbersPool } from './pool';

/** Writes the provider's price list into the services we sell: their cost and how many numbers there are. */
export async function applyPriceList(trx: DB, providerId: number, prices: PriceEntry[]): Promise<number> {
  const byKey = new Map(prices.map((p) => [`${p.service}:${p.country}`, p]));
  const t = now();
  let updated = 0;
  for (const s of await catalog.listServices(trx, { activeOnly: false })) {
    if (s.provider_id !== providerId) continue;
    const p = byKey.get(`${s.service}:${s.country}`);
    // A service missing from the list has no numbers now.
    await catalog.updateService(trx, s.id, { cost: p?.cost ?? s.cost, available_count: p?.count ?? 0, updated_at: t });
    updated += 1;
  }
  await catalog.updateProvider(trx, providerId, { synced_at: t });
  return updated;
}

/**
 * Keeps the availability customers see fresh without an operator: when the last sync is older
 * than `maxAgeMs`, reads the price list again. Provider trouble is only logged; the next run retries.
 */
export async function syncIfStale(
  db: DB,
  pool: NumbersPool,
  maxAgeMs: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const provider = await catalog.findProvider(db);
  if (!provider) return false;
  if (provider.synced_at && Date.now() - Date.parse(provider.synced_at) < maxAgeMs) return false;
  try {
    const prices = await pool.get(provider).prices();
    await work(db, (trx) => applyPriceList(trx, provider.id, prices));
    return true;
  } catch (err) {
    log.warn({ err }, 'numbers: price list sync failed');
    return false;
  }
}

import type { Storefront } from '@raseed/contract';
import type { z } from 'zod';
import type { storefrontInput, storefrontPatch } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { audit } from '../audit';
import { copyProviderSettings } from '../settings';
import type { StorefrontMap } from './directory';
import { storefrontMsg } from './messages-ar';
import {
  addressesOf,
  allAddresses,
  bumpStorefrontGeneration,
  findStorefrontRow,
  hostsTakenElsewhere,
  insertStorefrontRow,
  isUniqueViolation,
  listStorefrontRows,
  originsTakenElsewhere,
  replaceHosts,
  replaceOrigins,
  type StorefrontRow,
  updateStorefrontRow,
} from './repository';

export type NewStorefront = z.output<typeof storefrontInput>;
export type StorefrontChange = z.output<typeof storefrontPatch>;

function toStorefront(row: StorefrontRow, addresses: { hosts: string[]; origins: string[] }): Storefront {
  return {
    id: Number(row.id),
    name: row.name,
    // In one order whatever the engine's collation: the reply to a change equals the next read.
    hosts: [...addresses.hosts].sort(),
    origins: [...addresses.origins].sort(),
    markup_percent: row.markup_bp / 100,
    active: row.active === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every storefront with its hosts and origins, for the operator's list. */
export async function listStorefronts(db: DB): Promise<Storefront[]> {
  const [rows, addresses] = await Promise.all([listStorefrontRows(db), allAddresses(db)]);
  return rows.map((row) =>
    toStorefront(row, {
      hosts: addresses.hosts.filter((h) => h.storefront_id === Number(row.id)).map((h) => h.host),
      origins: addresses.origins.filter((o) => o.storefront_id === Number(row.id)).map((o) => o.origin),
    }),
  );
}

/** What each instance keeps in memory (directory.ts): every storefront, host and origin. */
export async function loadStorefrontMap(db: DB): Promise<StorefrontMap> {
  const [rows, addresses] = await Promise.all([listStorefrontRows(db), allAddresses(db)]);
  return {
    storefronts: rows.map((r) => ({ id: Number(r.id), name: r.name, active: r.active === 1 })),
    ...addresses,
  };
}

/** Storefront 1's addresses from the configuration (CORS_ORIGINS, PUBLIC_URL), held without a row. */
export type ProviderAddresses = { origins: string[]; hosts: string[] };

/**
 * A host or origin another storefront holds is refused with its name in the message; so is one
 * of CORS_ORIGINS or PUBLIC_URL, which are the provider's (storefront 1's) without a row.
 */
async function checkAddresses(
  trx: DB,
  id: number | null,
  provider: ProviderAddresses,
  hosts: string[] | undefined,
  origins: string[] | undefined,
): Promise<void> {
  const configured = id !== PROVIDER_STOREFRONT ? hosts?.find((h) => provider.hosts.includes(h)) : undefined;
  const host = configured ? { host: configured } : hosts ? (await hostsTakenElsewhere(trx, id, hosts))[0] : undefined;
  if (host)
    throw new AppError('conflict', storefrontMsg.hostTaken(host.host), { hosts: [storefrontMsg.hostTaken(host.host)] });
  let origin = origins ? (await originsTakenElsewhere(trx, id, origins))[0]?.origin : undefined;
  if (!origin && id !== PROVIDER_STOREFRONT) origin = origins?.find((o) => provider.origins.includes(o));
  if (origin)
    throw new AppError('conflict', storefrontMsg.originTaken(origin), { origins: [storefrontMsg.originTaken(origin)] });
}

/** Every change moves the generation (other instances reload within a second) and reloads this one after the commit. */
async function changed(trx: DB): Promise<void> {
  await bumpStorefrontGeneration(trx);
  after(trx, { kind: 'storefronts-stale' });
}

/** Two operators saving one host at once: the second meets the primary key, told as a conflict. */
async function asConflict<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', storefrontMsg.addressTaken);
    throw err;
  }
}

/** A new storefront, with a copy of the provider's settings under its own name. */
export function createStorefront(
  db: DB,
  actorId: number,
  provider: ProviderAddresses,
  input: NewStorefront,
): Promise<Storefront> {
  return asConflict(() =>
    work(db, async (trx) => {
      await checkAddresses(trx, null, provider, input.hosts, input.origins);
      const at = now();
      const row = await insertStorefrontRow(trx, {
        name: input.name,
        markup_bp: Math.round(input.markup_percent * 100),
        active: input.active ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
      const id = Number(row.id);
      await replaceHosts(trx, id, input.hosts);
      await replaceOrigins(trx, id, input.origins);
      await copyProviderSettings(trx, id, input.name);
      await changed(trx);
      const created = toStorefront(row, { hosts: input.hosts, origins: input.origins });
      await audit(trx, actorId, 'storefront.create', 'storefront', id, null, created);
      return created;
    }),
  );
}

export function updateStorefront(
  db: DB,
  actorId: number,
  provider: ProviderAddresses,
  id: number,
  patch: StorefrontChange,
): Promise<Storefront> {
  return asConflict(() =>
    work(db, async (trx) => {
      const current = await findStorefrontRow(trx, id);
      if (!current) throw new AppError('not_found', storefrontMsg.notFound);
      if (id === PROVIDER_STOREFRONT && patch.active === false)
        throw new AppError('conflict', storefrontMsg.providerStaysActive, {
          active: [storefrontMsg.providerStaysActive],
        });
      await checkAddresses(trx, id, provider, patch.hosts, patch.origins);
      const before = toStorefront(current, await addressesOf(trx, id));
      const wanted = {
        ...before,
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.hosts ? { hosts: [...patch.hosts].sort() } : {}),
        ...(patch.origins ? { origins: [...patch.origins].sort() } : {}),
        ...(patch.markup_percent !== undefined ? { markup_percent: patch.markup_percent } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
      };
      const keys = (Object.keys(wanted) as (keyof Storefront)[]).filter(
        (k) => JSON.stringify(wanted[k]) !== JSON.stringify(before[k]),
      );
      // Nothing changes: no write, no audit line, no reload on every instance.
      if (keys.length === 0) return before;
      const row = await updateStorefrontRow(trx, id, {
        name: wanted.name,
        markup_bp: Math.round(wanted.markup_percent * 100),
        active: wanted.active ? 1 : 0,
        updated_at: now(),
      });
      if (keys.includes('hosts')) await replaceHosts(trx, id, wanted.hosts);
      if (keys.includes('origins')) await replaceOrigins(trx, id, wanted.origins);
      // Its catalog replies, search and one-statement orders are priced from the markup cached with them.
      if (keys.includes('markup_percent')) after(trx, { kind: 'reads-stale' });
      await changed(trx);
      const next = toStorefront(row, wanted);
      await audit(
        trx,
        actorId,
        'storefront.update',
        'storefront',
        id,
        Object.fromEntries(keys.map((k) => [k, before[k]])),
        Object.fromEntries(keys.map((k) => [k, next[k]])),
      );
      return next;
    }),
  );
}

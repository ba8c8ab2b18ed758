import type { NumberServicesTable } from '../../db/database';
import type { Sealer } from '../../kernel/sealing';
import { after } from '../../kernel/unit-of-work';
import { type AdminNumberProvider, numberMessages } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { DB, NumberProvidersTable, NumberStatus } from '../../db/database';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import * as catalog from './catalog-repository';
import { toAdminNumberPurchase, toAdminNumberService } from './dto';
import { numbersMsg } from './messages-ar';
import type { PriceEntry } from './numbers-supplier';
import { applyPriceList } from './price-sync';
import { PURCHASES_PAGE_SIZE } from './purchase';
import { refundOnce } from './refund';
import { findActivation, findActivationIn, listActivations, usersByIds } from './repository';

export function toAdminProvider(r: Selectable<NumberProvidersTable>): AdminNumberProvider {
  return {
    id: r.id,
    name: r.name,
    base_url: r.base_url,
    has_api_key: r.api_key_enc !== '',
    window_minutes: r.window_minutes,
    synced_at: r.synced_at,
  };
}

const auditView = (p: AdminNumberProvider) => ({
  name: p.name,
  base_url: p.base_url,
  window_minutes: p.window_minutes,
});

export type ProviderInput = {
  name?: string | undefined;
  base_url?: string | undefined;
  api_key?: string | undefined;
  window_minutes?: number | undefined;
};

/** One provider per store: the first save creates it (a key is required), later saves change it. */
export async function saveProvider(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  input: ProviderInput,
): Promise<AdminNumberProvider> {
  const before = await catalog.findProvider(trx);
  const t = now();
  // Only what is named changes; the first save must name everything a provider needs.
  const fields = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.base_url !== undefined ? { base_url: input.base_url.replace(/\/+$/, '') } : {}),
    ...(input.window_minutes !== undefined ? { window_minutes: input.window_minutes } : {}),
  };
  const key = input.api_key ? { api_key_enc: sealer.seal(input.api_key) } : {};
  if (!before) {
    const missing: Record<string, string[]> = {};
    if (!input.name) missing.name = [numbersMsg.fieldRequired];
    if (!input.base_url) missing.base_url = [numbersMsg.fieldRequired];
    if (!input.api_key) missing.api_key = [numbersMsg.apiKeyRequired];
    if (Object.keys(missing).length) throw AppError.fields(missing);
  }
  if (before && !Object.keys(fields).length && !input.api_key) return toAdminProvider(before);
  const row = before
    ? await catalog.updateProvider(trx, before.id, { ...fields, ...key, updated_at: t })
    : await catalog.insertProvider(trx, {
        name: input.name!,
        base_url: fields.base_url!,
        window_minutes: input.window_minutes ?? 20,
        api_key_enc: sealer.seal(input.api_key!),
        created_at: t,
        updated_at: t,
      });
  const dto = toAdminProvider(row);
  await audit(
    trx,
    actorId,
    before ? 'numbers.provider.update' : 'numbers.provider.create',
    'number_provider',
    row.id,
    before ? auditView(toAdminProvider(before)) : null,
    {
      ...auditView(dto),
      key_changed: Boolean(input.api_key),
    },
  );
  return dto;
}

export async function requireProvider(db: DB) {
  const row = await catalog.findProvider(db);
  if (!row) throw new AppError('conflict', numbersMsg.providerMissing);
  return row;
}

export type ServiceValues = Pick<
  NumberServicesTable,
  'service' | 'country' | 'name' | 'country_name' | 'price' | 'price_syr' | 'price_tr'
> & { active: boolean };

export async function createService(trx: DB, actorId: number, v: ServiceValues) {
  const provider = await requireProvider(trx);
  await refuseTaken(trx, provider.id, v.service, v.country, null);
  const t = now();
  const row = await catalog.insertService(trx, {
    ...v,
    active: v.active ? 1 : 0,
    available_count: 0,
    provider_id: provider.id,
    created_at: t,
    updated_at: t,
  });
  await audit(trx, actorId, 'numbers.service.create', 'number_service', row.id, null, v);
  return toAdminNumberService(row);
}

export async function patchService(trx: DB, actorId: number, id: number, v: Partial<ServiceValues>) {
  const before = await catalog.findService(trx, id);
  if (!before) throw new AppError('not_found', numbersMsg.serviceNotFound);
  await refuseTaken(trx, before.provider_id, v.service ?? before.service, v.country ?? before.country, id);
  const { active, ...rest } = v;
  const row = await catalog.updateService(trx, id, {
    ...rest,
    ...(active !== undefined ? { active: active ? 1 : 0 } : {}),
    updated_at: now(),
  });
  await audit(
    trx,
    actorId,
    'numbers.service.update',
    'number_service',
    id,
    toAdminNumberService(before),
    toAdminNumberService(row!),
  );
  return toAdminNumberService(row!);
}

export async function removeService(trx: DB, actorId: number, id: number) {
  const before = await catalog.findService(trx, id);
  if (!before) throw new AppError('not_found', numbersMsg.serviceNotFound);
  if (await catalog.serviceInUse(trx, id)) throw new AppError('conflict', numbersMsg.serviceInUse);
  await catalog.deleteService(trx, id);
  await audit(trx, actorId, 'numbers.service.delete', 'number_service', id, toAdminNumberService(before), null);
}

/** The provider's price list updates the cost and availability of the services we sell. */
export async function applyPrices(trx: DB, actorId: number, providerId: number, prices: PriceEntry[]) {
  const updated = await applyPriceList(trx, providerId, prices);
  await audit(trx, actorId, 'numbers.sync', 'number_provider', providerId, null, { updated });
  return { updated, services: (await catalog.listServices(trx, { activeOnly: false })).map(toAdminNumberService) };
}

/** `storefront`: one storefront's purchases (picked, or a staff account's own); null: every one. */
export async function listAdminPurchases(
  db: DB,
  page: number,
  status: NumberStatus | undefined,
  storefront: number | null,
) {
  const rows = await listActivations(db, {
    status,
    storefront,
    offset: (page - 1) * PURCHASES_PAGE_SIZE,
    limit: PURCHASES_PAGE_SIZE + 1,
  });
  const ids = [...new Set(rows.map((r) => r.user_id))];
  const users = ids.length ? await usersByIds(db, ids) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    purchases: rows
      .slice(0, PURCHASES_PAGE_SIZE)
      .map((r) => toAdminNumberPurchase(r, byId.get(r.user_id) ?? { id: r.user_id, name: '', email: '' })),
    paginate: { nextPage: rows.length > PURCHASES_PAGE_SIZE ? page + 1 : null, backPage: page > 1 ? page - 1 : null },
  };
}

/** One purchase, within the caller's reach: another storefront's is a 404, as one nothing has. */
export async function adminPurchase(db: DB, id: number, storefront: number | null) {
  const row = await findActivationIn(db, id, storefront);
  if (!row) throw new AppError('not_found', numberMessages.notFound);
  const user = (await usersByIds(db, [row.user_id]))[0] ?? { id: row.user_id, name: '', email: '' };
  return toAdminNumberPurchase(row, user);
}

/** A purchase stuck waiting: refunded once by hand, the number given back by the worker. */
export async function refundByOperator(trx: DB, actorId: number, id: number) {
  const row = await findActivation(trx, id);
  if (!row) throw new AppError('not_found', numberMessages.notFound);
  const done = await refundOnce(trx, row, 'refunded', { from: ['waiting'], noCode: false, notice: 'refunded' });
  if (!done) {
    // Read again: a refund that raced this one has committed by now.
    const current = await findActivation(trx, id);
    throw new AppError('conflict', current?.refunded_at ? numberMessages.alreadyRefunded : numberMessages.notWaiting);
  }
  after(trx, { kind: 'wake', worker: 'numbers' });
  await audit(
    trx,
    actorId,
    'numbers.refund',
    'number_activation',
    id,
    { status: row.status, step: row.step },
    { status: done.status, refunded: Number(row.price) },
  );
  const user = (await usersByIds(trx, [row.user_id]))[0]!;
  return toAdminNumberPurchase(done, user);
}

/**
 * One service per app and country: a second would make the storefront offer the same thing twice (was a 500 on the
 * unique key).
 */
async function refuseTaken(
  trx: DB,
  providerId: number,
  service: string,
  country: string,
  self: number | null,
): Promise<void> {
  const other = await catalog.findServiceByCode(trx, providerId, service, country);
  if (other && other.id !== self) throw AppError.fields({ service: [numbersMsg.serviceTaken] });
}

import type { Sealer } from '../../../kernel/sealing';
import type { AdminSupplier } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { DB, SuppliersTable } from '../../../db/database';
import { deliveryMsg } from '../messages-ar';
import { audit } from '../../audit';
import { AppError } from '../../../kernel/errors';
import { now } from '../../../kernel/time';
import * as repo from './repository';

export function toAdminSupplier(r: Selectable<SuppliersTable>): AdminSupplier {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind,
    base_url: r.base_url,
    email: r.email,
    has_password: r.password_enc !== null,
    has_token: r.token_enc !== null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** What an audit row may say of a supplier: never its credentials. */
const auditView = (s: AdminSupplier) => ({ name: s.name, kind: s.kind, base_url: s.base_url, email: s.email });

export type SupplierInput = {
  name: string;
  kind: SuppliersTable['kind'];
  base_url: string;
  email?: string | null | undefined;
  password?: string | null | undefined;
  token?: string | null | undefined;
};

export async function createSupplier(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  input: SupplierInput,
): Promise<AdminSupplier> {
  const t = now();
  const row = await repo.insertSupplier(trx, {
    name: input.name,
    kind: input.kind,
    base_url: input.base_url.replace(/\/+$/, ''),
    email: input.email ?? null,
    password_enc: input.password ? sealer.seal(input.password) : null,
    token_enc: input.token ? sealer.seal(input.token) : null,
    created_at: t,
    updated_at: t,
  });
  const dto = toAdminSupplier(row);
  await audit(trx, actorId, 'supplier.create', 'supplier', row.id, null, auditView(dto));
  return dto;
}

/** Changes only what is named; a blank password or token keeps the stored one. */
export async function patchSupplier(
  trx: DB,
  sealer: Sealer,
  actorId: number,
  id: number,
  input: Partial<Omit<SupplierInput, 'kind'>>,
): Promise<AdminSupplier> {
  const before = await repo.findSupplierRow(trx, id);
  if (!before) throw new AppError('not_found', deliveryMsg.supplierNotFound);
  const set = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.base_url !== undefined ? { base_url: input.base_url.replace(/\/+$/, '') } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.password ? { password_enc: sealer.seal(input.password) } : {}),
    ...(input.token ? { token_enc: sealer.seal(input.token) } : {}),
  };
  const changed = Object.entries(set).some(([k, v]) => k.endsWith('_enc') || before[k as keyof typeof before] !== v);
  // Nothing to change: the row (and its updated_at, which keys the signed-in adapter) stays as it is.
  if (!changed) return toAdminSupplier(before);
  const row = await repo.updateSupplier(trx, id, { ...set, updated_at: now() });
  const dto = toAdminSupplier(row!);
  const credentialsChanged = Boolean(input.password || input.token);
  await audit(trx, actorId, 'supplier.update', 'supplier', id, auditView(toAdminSupplier(before)), {
    ...auditView(dto),
    credentials_changed: credentialsChanged,
  });
  return dto;
}

export async function removeSupplier(trx: DB, actorId: number, id: number): Promise<void> {
  const before = await repo.findSupplierRow(trx, id);
  if (!before) throw new AppError('not_found', deliveryMsg.supplierNotFound);
  if (await repo.supplierInUse(trx, id)) throw new AppError('conflict', deliveryMsg.supplierInUse);
  await repo.deleteSupplier(trx, id);
  await audit(trx, actorId, 'supplier.delete', 'supplier', id, auditView(toAdminSupplier(before)), null);
}

export async function requireSupplier(db: DB, id: number) {
  const row = await repo.findSupplierRow(db, id);
  if (!row) throw new AppError('not_found', deliveryMsg.supplierNotFound);
  return row;
}

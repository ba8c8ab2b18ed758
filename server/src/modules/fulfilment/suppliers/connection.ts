import { moneyToString, type SupplierConnection } from '@raseed/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../kernel/errors';
import type { Sealer } from '../../../kernel/sealing';
import { deliveryMsg } from '../messages-ar';
import { createSupplierCommand, patchSupplierCommand } from './commands';
import type { SupplierPool } from './registry';
import { requireSupplier, type SupplierInput } from './service';
import { type SupplierCredentials, SupplierError } from './supplier';

/**
 * Signs in at the supplier with these details and asks for our balance there. Its answer comes
 * back; a failure is a 422 with the supplier's reason, on the field it points at (the account
 * when the sign-in was refused, else the address), so nothing is saved that cannot work.
 */
export async function testConnection(
  pool: SupplierPool,
  kind: SupplierInput['kind'],
  creds: SupplierCredentials,
): Promise<SupplierConnection> {
  try {
    return { balance: moneyToString(await pool.probe(kind, creds).balance()) };
  } catch (err) {
    if (!(err instanceof SupplierError)) throw err;
    const field = err.message === deliveryMsg.upstream.signIn ? (creds.password ? 'password' : 'token') : 'base_url';
    throw AppError.fields({ [field]: [deliveryMsg.connectionFailed(err.message)] });
  }
}

/** A new supplier is saved only once its connection answered; the network call is outside any transaction. */
export async function createTestedSupplier(
  db: DB,
  pool: SupplierPool,
  sealer: Sealer,
  actorId: number,
  input: SupplierInput,
) {
  const connection = await testConnection(pool, input.kind, {
    baseUrl: input.base_url.replace(/\/+$/, ''),
    email: input.email ?? null,
    password: input.password || null,
    token: input.token || null,
  });
  return { supplier: await createSupplierCommand(db, sealer, actorId, input), connection };
}

/**
 * An edit of the address or the account is tried first, with what it would save: the new
 * details over the stored ones. A new password is tried on its own (not hidden behind a stored
 * token that still works). A rename needs no supplier to answer.
 */
export async function patchTestedSupplier(
  db: DB,
  pool: SupplierPool,
  sealer: Sealer,
  actorId: number,
  id: number,
  input: Partial<Omit<SupplierInput, 'kind'>>,
) {
  const row = await requireSupplier(db, id);
  const baseUrl = input.base_url?.replace(/\/+$/, '');
  const touched =
    (baseUrl !== undefined && baseUrl !== row.base_url) ||
    (input.email !== undefined && input.email !== row.email) ||
    Boolean(input.password) ||
    Boolean(input.token);
  let connection: SupplierConnection | null = null;
  if (touched) {
    const stored = pool.storedCredentials(row);
    connection = await testConnection(pool, row.kind, {
      baseUrl: baseUrl ?? stored.baseUrl,
      email: input.email !== undefined ? (input.email ?? null) : stored.email,
      password: input.password || stored.password,
      token: input.token || (input.password ? null : stored.token),
    });
  }
  return { supplier: await patchSupplierCommand(db, sealer, actorId, id, input), connection };
}

import { type ApiKey, apiKeyLimits, apiKeyText, type CreatedApiKey, moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import type { Sealer } from '../../kernel/sealing';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { audit } from '../audit';
import { testBalanceOf } from '../test-orders';
import { addressRule } from './address-rule';
import { keyMsg } from './messages-ar';
import {
  apiAccessOf,
  bumpKeyGeneration,
  countLiveKeys,
  insertApiKey,
  keyPrefix,
  liveKeysOf,
  lockUser,
  revokeKeyRow,
} from './repository';
import { newToken, tokenHasher } from './token';

type KeyRow = Awaited<ReturnType<typeof liveKeysOf>>[number];

function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    allowed_ips: row.allowed_ips === null ? [] : (JSON.parse(row.allowed_ips) as string[]),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

/** Only customers the store allowed make keys (403 otherwise, before any password prompt). */
export async function assertApiAccess(db: DB, userId: number): Promise<void> {
  const user = await apiAccessOf(db, userId);
  if (user?.role !== 'customer') throw new AppError('forbidden', keyMsg.operatorsHaveNone);
  if (user.api_access !== 1) throw new AppError('forbidden', keyMsg.accessOff);
}

/** A customer's keys and the test balance their test keys order from; 404 for no such user. */
export async function keysWithTestBalance(
  db: DB,
  userId: number,
): Promise<{ api_keys: ApiKey[]; test_balance: string }> {
  if (!(await apiAccessOf(db, userId))) throw new AppError('not_found');
  const [keys, testBalance] = await Promise.all([liveKeysOf(db, userId), testBalanceOf(db, userId)]);
  return { api_keys: keys.map(toApiKey), test_balance: moneyToString(testBalance) };
}

/** A new key; its token is in this reply only, the table keeps its keyed hash. */
export async function createKey(
  db: DB,
  sealer: Sealer,
  userId: number,
  input: { name: string; mode: 'live' | 'test'; allowed_ips?: string[] | undefined },
): Promise<CreatedApiKey> {
  const allowed = [...new Set(input.allowed_ips ?? [])];
  try {
    addressRule(allowed);
  } catch {
    // zod read it as an address; Node could not (a form zod allows and Node does not).
    throw AppError.fields({ allowed_ips: [apiKeyText.ipInvalid] });
  }
  const { token, prefix } = newToken(input.mode);
  const hasher = tokenHasher(sealer);
  const createdAt = now();
  const id = await work(db, async (trx) => {
    await assertApiAccess(trx, userId);
    await lockUser(trx, userId);
    if ((await countLiveKeys(trx, userId)) >= apiKeyLimits.perUser) throw new AppError('conflict', keyMsg.tooManyKeys);
    return insertApiKey(trx, {
      user_id: userId,
      name: input.name,
      mode: input.mode,
      prefix,
      token_hash: hasher.hash(token),
      hash_key: hasher.keyId,
      allowed_ips: allowed.length ? JSON.stringify(allowed) : null,
      created_at: createdAt,
      last_used_at: null,
      revoked_at: null,
    });
  });
  return {
    id,
    name: input.name,
    mode: input.mode,
    prefix,
    token,
    allowed_ips: allowed,
    created_at: createdAt,
    last_used_at: null,
  };
}

/**
 * A change that must stop cached keys (a revocation, API access turned off), in its transaction:
 * every other instance sees the generation move within a second, this one forgets after the commit.
 */
export async function keysChanged(trx: DB, which: { keyId?: number; userId?: number }): Promise<void> {
  await bumpKeyGeneration(trx);
  after(trx, { kind: 'api-keys-stale', ...which });
}

/** Revokes one of the user's keys; every instance refuses it within a second (key-cache.ts). */
export async function revokeKey(db: DB, userId: number, keyId: number, operatorId?: number): Promise<void> {
  await work(db, async (trx) => {
    const shown = operatorId === undefined ? undefined : await keyPrefix(trx, keyId);
    if (!(await revokeKeyRow(trx, userId, keyId, now()))) throw new AppError('not_found', keyMsg.notFound);
    await keysChanged(trx, { keyId });
    if (operatorId !== undefined)
      await audit(
        trx,
        operatorId,
        'api_key.revoke',
        'user',
        userId,
        { api_key: shown?.prefix, name: shown?.name },
        null,
      );
  });
}

import type { User } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/database';
import type { DB } from '../../db/database';
import { findUserByIdOrThrow } from './repository';

/** A user row as the API shows it: never the hash, the secrets or the Google subject. */
export function toUserDto(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    img: row.img,
    balance: moneyToString(row.balance),
    deposit: moneyToString(row.deposit),
    is_enable2fa: row.totp_enabled === 1,
    role: row.role,
    has_password: row.password_hash !== null,
    api_access: row.api_access === 1,
    storefront_id: row.storefront_id === null ? null : Number(row.storefront_id),
  };
}

export async function loadUserDto(db: DB, userId: number): Promise<User> {
  const row = await findUserByIdOrThrow(db, userId);
  return toUserDto(row);
}

import type { AdminUser } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { toUserDto } from '../accounts';
import type { UserRow } from './repository';

export function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toUserDto(row),
    created_at: row.created_at,
    credit_limit: row.credit_limit === null ? null : moneyToString(row.credit_limit),
    storefront_id: row.storefront_id === null ? null : Number(row.storefront_id),
  };
}

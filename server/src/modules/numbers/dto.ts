import {
  type AdminNumberPurchase,
  type AdminNumberService,
  moneyToString,
  type NumberPurchase,
  type NumberService,
} from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { NumberServicesTable } from '../../db/database';
import type { ActivationRow } from './repository';

/** Rows become API shapes here; columns such as the lease never leave the server. */

export function toNumberService(r: Selectable<NumberServicesTable>): NumberService {
  return {
    id: r.id,
    name: r.name,
    country_name: r.country_name,
    price: moneyToString(r.price),
    price_syr: moneyToString(r.price_syr),
    price_tr: moneyToString(r.price_tr),
    available: r.available_count,
  };
}

export function toAdminNumberService(r: Selectable<NumberServicesTable>): AdminNumberService {
  return {
    ...toNumberService(r),
    service: r.service,
    country: r.country,
    cost: r.cost === null ? null : moneyToString(r.cost),
    active: r.active === 1,
  };
}

export function codesOf(r: Pick<ActivationRow, 'codes'>): string[] {
  try {
    const list = JSON.parse(r.codes);
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

export function toNumberPurchase(r: ActivationRow): NumberPurchase {
  return {
    id: r.id,
    name: r.name,
    price: moneyToString(Number(r.price)),
    status: r.status,
    phone: r.phone,
    codes: codesOf(r),
    expires_at: r.expires_at,
    created_at: r.created_at,
  };
}

export function toAdminNumberPurchase(
  r: ActivationRow,
  customer: { id: number; name: string; email: string },
): AdminNumberPurchase {
  return {
    ...toNumberPurchase(r),
    customer,
    step: r.step,
    upstream_id: r.upstream_id,
    attempts: r.attempts,
    last_error: r.last_error,
    refunded_at: r.refunded_at,
    storefront_id: Number(r.storefront_id),
    // A purchase made before storefront prices was charged the provider's price.
    provider_price: moneyToString(Number(r.provider_price ?? r.price)),
  };
}

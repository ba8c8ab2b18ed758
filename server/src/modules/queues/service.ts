import type { Sealer } from '../../kernel/sealing';
import { work } from '../../kernel/unit-of-work';
import type { AdminCharge, AdminOrder, Paginate } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { orderMsg } from '../orders';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { pageOf, pageWindow } from '../../kernel/http/paging';
import { chargeFlags } from './charge-flags';
import { toAdminCharge, toAdminOrder } from './dto';
import {
  type AdminChargeRow,
  type ChargeStatusFilter,
  findChargeRow,
  findOrderRow,
  listChargeRows,
  listOrderRows,
  type OrderFilter,
} from './repository';

/** Queue pages hold this many requests or orders. */
const PAGE_SIZE = 30;

async function chargeView(db: DB, sealer: Sealer, row: AdminChargeRow): Promise<AdminCharge> {
  return toAdminCharge(row, sealer, await chargeFlags(db, row));
}

/** `storefront`: the caller's reach (a staff account's storefront; null: every one); outside it is a 404. */
export async function adminCharge(db: DB, sealer: Sealer, id: number, storefront: number | null): Promise<AdminCharge> {
  const row = await findChargeRow(db, id, storefront);
  if (!row) throw new AppError('not_found', operatorMsg.chargeNotFound);
  return chargeView(db, sealer, row);
}

export async function adminCharges(
  db: DB,
  sealer: Sealer,
  f: { status: ChargeStatusFilter; storefront: number | null },
  page: number,
): Promise<{ charges: AdminCharge[]; paginate: Paginate }> {
  const rows = await listChargeRows(db, f.status, f.storefront, pageWindow(page, PAGE_SIZE));
  const { items, paginate } = pageOf(rows, page, PAGE_SIZE);
  return { charges: await Promise.all(items.map((row) => chargeView(db, sealer, row))), paginate };
}

/** `storefront`: the caller's reach (a staff account's storefront; null: every one); outside it is a 404. */
export async function adminOrder(
  db: DB,
  sealer: Sealer,
  id: number,
  storefront: number | null = null,
): Promise<AdminOrder> {
  const row = await findOrderRow(db, id, storefront);
  if (!row) throw new AppError('not_found', orderMsg.notFound);
  return toAdminOrder(row, sealer);
}

export async function adminOrders(
  db: DB,
  sealer: Sealer,
  f: OrderFilter,
  page: number,
): Promise<{ orders: AdminOrder[]; paginate: Paginate }> {
  const { items, paginate } = pageOf(await listOrderRows(db, f, pageWindow(page, PAGE_SIZE)), page, PAGE_SIZE);
  return { orders: items.map((r) => toAdminOrder(r, sealer)), paginate };
}

/** An operator's decision on an order (decide.ts), in its own unit of work; the order as the console shows it after. */
export async function decideOrder(
  db: DB,
  sealer: Sealer,
  id: number,
  decide: (trx: DB) => Promise<unknown>,
): Promise<AdminOrder> {
  await work(db, decide);
  return adminOrder(db, sealer, id);
}

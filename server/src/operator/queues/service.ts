import type { AdminCharge, AdminOrder, Paginate } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/errors';
import { orderMsg } from '../../orders/messages-ar';
import { operatorMsg } from '../messages-ar';
import { pageOf, pageWindow } from '../paging';
import { chargeFlags } from './charge-flags';
import { toAdminCharge, toAdminOrder } from './dto';
import {
  type AdminChargeRow,
  type ChargeStatusFilter,
  findChargeRow,
  findOrderRow,
  listChargeRows,
  listOrderRows,
  type OrderStatusFilter,
} from './repository';

/** Queue pages hold this many requests or orders. */
const PAGE_SIZE = 30;

async function chargeView(db: DB, appKey: Buffer, row: AdminChargeRow): Promise<AdminCharge> {
  return toAdminCharge(row, appKey, await chargeFlags(db, row));
}

export async function adminCharge(db: DB, appKey: Buffer, id: number): Promise<AdminCharge> {
  const row = await findChargeRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', operatorMsg.chargeNotFound);
  return chargeView(db, appKey, row);
}

export async function adminCharges(
  db: DB,
  appKey: Buffer,
  status: ChargeStatusFilter,
  page: number,
): Promise<{ charges: AdminCharge[]; paginate: Paginate }> {
  const { items, paginate } = pageOf(await listChargeRows(db, status, pageWindow(page, PAGE_SIZE)), page, PAGE_SIZE);
  return { charges: await Promise.all(items.map((row) => chargeView(db, appKey, row))), paginate };
}

export async function adminOrder(db: DB, appKey: Buffer, id: number): Promise<AdminOrder> {
  const row = await findOrderRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', orderMsg.notFound);
  return toAdminOrder(row, appKey);
}

export async function adminOrders(
  db: DB,
  appKey: Buffer,
  f: { status: OrderStatusFilter; search?: string | undefined },
  page: number,
): Promise<{ orders: AdminOrder[]; paginate: Paginate }> {
  const { items, paginate } = pageOf(await listOrderRows(db, f, pageWindow(page, PAGE_SIZE)), page, PAGE_SIZE);
  return { orders: items.map((r) => toAdminOrder(r, appKey)), paginate };
}

import { after, work } from '../../kernel/unit-of-work';
import {
  idempotencyMismatchMsg,
  markUp,
  numberMessages,
  type NumberPurchase,
  type NumberStatus,
  type User,
} from '@raseed/contract';
import { loadUserDto, toUserDto } from '../accounts';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { requestIdOf } from '../../kernel/request-context';
import { now } from '../../kernel/time';
import { getSettingsRow } from '../settings';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { storefrontMarkupBp } from '../catalog';
import { checkout } from '../checkout';
import type { Fulfil } from '../fulfilment';
import { findProviderById, findService } from './catalog-repository';
import { toNumberPurchase } from './dto';
import { refundOnce } from './refund';
import {
  type ActivationRow,
  findActivation,
  findByKey,
  insertActivation,
  listActivations,
  transition,
} from './repository';

export const PURCHASES_PAGE_SIZE = 10;

/**
 * Number purchases exist only while the store's `online` flag is on; the API refuses them
 * otherwise. On another storefront both flags count: its own (its owner closes its numbers) and
 * the provider's (the provider's numbers are off for every storefront it supplies).
 */
export async function requireOnline(db: DB, storefrontId: number): Promise<void> {
  const [own, provider] = await Promise.all([
    getSettingsRow(db, storefrontId),
    storefrontId === PROVIDER_STOREFRONT ? undefined : getSettingsRow(db, PROVIDER_STOREFRONT),
  ]);
  if (own?.online !== 1 || (provider && provider.online !== 1))
    throw new AppError('service_offline', numberMessages.offline);
}

type Bought = { purchase: NumberPurchase; user: User; replayed: boolean };

/** The numbers' fulfilment provider: the worker rents the number upstream after the commit. */
const rentNumber: Fulfil<ActivationRow> = async (trx, paid) => {
  after(trx, { kind: 'wake', worker: 'numbers' });
  return paid;
};

/**
 * Through checkout (its one workflow): the purchase row and its debit in one transaction, then
 * the worker asks the provider for a number. An Idempotency-Key repeat returns the first
 * purchase (replayed) and debits nothing.
 */
export async function buyNumber(
  db: DB,
  userId: number,
  storefrontId: number,
  serviceId: number,
  idempotencyKey: string | null,
): Promise<Bought> {
  return checkout<ActivationRow, Bought>(db, {
    userId,
    key: idempotencyKey,
    findEarlier: (tx) => (idempotencyKey ? findByKey(tx, userId, idempotencyKey) : Promise.resolve(undefined)),
    // As for orders: a key names one request; reused for another service it is a 422, never the first purchase.
    replay: async (tx, first) => {
      if (first.service_id !== serviceId)
        throw new AppError('idempotency_mismatch', idempotencyMismatchMsg, {
          idempotency_key: [idempotencyMismatchMsg],
        });
      return { purchase: toNumberPurchase(first), user: await loadUserDto(tx, userId), replayed: true };
    },
    price: async (trx, t) => {
      await requireOnline(trx, storefrontId);
      const service = await findService(trx, serviceId);
      if (service?.active !== 1 || service.price <= 0)
        throw new AppError('product_unavailable', numberMessages.serviceUnavailable);
      // As the storefront shows it: a service the provider last listed with no numbers is sold out.
      if (service.available_count <= 0) throw new AppError('out_of_stock', numberMessages.soldOut);
      const provider = await findProviderById(trx, service.provider_id);
      if (!provider) throw new AppError('product_unavailable', numberMessages.serviceUnavailable);
      // The storefront's markup read now, as an order's: its price is charged, the provider's kept beside it.
      const price = markUp(service.price, (await storefrontMarkupBp(trx, storefrontId)) ?? 0, 2);
      const row = await insertActivation(trx, {
        user_id: userId,
        service_id: service.id,
        provider_id: provider.id,
        name: `${service.name} — ${service.country_name}`.slice(0, 250),
        price,
        storefront_id: storefrontId,
        provider_price: service.price,
        status: 'waiting',
        step: 'get',
        next_at: t,
        idempotency_key: idempotencyKey,
        req_id: requestIdOf(trx),
        created_at: t,
        updated_at: t,
      });
      return {
        row,
        price,
        info: `شراء رقم #${row.id} (${row.name})`,
        ref: { type: 'number', id: row.id },
        fulfil: rentNumber,
        ...(storefrontId !== PROVIDER_STOREFRONT ? { provider: { storefrontId, price: Number(service.price) } } : {}),
      };
    },
    answer: (row, buyer) => ({ purchase: toNumberPurchase(row), user: toUserDto(buyer), replayed: false }),
  });
}

async function ownPurchase(db: DB, userId: number, id: number) {
  const row = await findActivation(db, id);
  if (!row || row.user_id !== userId) throw new AppError('not_found', numberMessages.notFound);
  return row;
}

export async function listPurchases(db: DB, userId: number, page: number, status: NumberStatus | undefined) {
  const rows = await listActivations(db, {
    userId,
    status,
    offset: (page - 1) * PURCHASES_PAGE_SIZE,
    limit: PURCHASES_PAGE_SIZE + 1,
  });
  return {
    purchases: rows.slice(0, PURCHASES_PAGE_SIZE).map(toNumberPurchase),
    paginate: { nextPage: rows.length > PURCHASES_PAGE_SIZE ? page + 1 : null, backPage: page > 1 ? page - 1 : null },
  };
}

export async function getPurchase(db: DB, userId: number, id: number) {
  return toNumberPurchase(await ownPurchase(db, userId, id));
}

/** The caller's number purchase made with this Idempotency-Key (after a dropped connection). */
export async function getPurchaseByKey(db: DB, userId: number, key: string) {
  const row = await findByKey(db, userId, key);
  if (!row) throw new AppError('not_found', numberMessages.keyNotFound);
  return toNumberPurchase(row);
}

/** Before any code: the money comes back at once; the worker gives the number back upstream. */
export async function cancelPurchase(db: DB, userId: number, id: number) {
  return work(db, async (trx) => {
    const row = await ownPurchase(trx, userId, id);
    const done = await refundOnce(trx, row, 'cancelled', { from: ['waiting'], noCode: true, notice: null });
    if (!done) {
      // Read again: a cancel, refund or code that raced this one has committed by now.
      const current = await findActivation(trx, id);
      throw new AppError(
        'conflict',
        current?.status === 'received' ? numberMessages.cannotCancel : numberMessages.notWaiting,
      );
    }
    after(trx, { kind: 'wake', worker: 'numbers' });
    return { purchase: toNumberPurchase(done), user: await loadUserDto(trx, userId) };
  });
}

/** The app needs a second SMS: the worker tells the provider, then polls for the next code. */
export async function requestAnotherCode(db: DB, userId: number, id: number) {
  return work(db, async (trx) => {
    const row = await ownPurchase(trx, userId, id);
    if (row.status !== 'received')
      throw new AppError('conflict', row.status === 'waiting' ? numberMessages.noCodeYet : numberMessages.notWaiting);
    const t = now();
    // The number is rented for the window only; after it the provider has closed it.
    if (row.step === 'done' || row.step === 'finish' || (row.expires_at && row.expires_at < t))
      throw new AppError('conflict', numberMessages.notWaiting);
    const done = await transition(trx, id, ['received'], { step: 'resend', next_at: t, updated_at: t });
    if (!done) throw new AppError('conflict', numberMessages.notWaiting);
    after(trx, { kind: 'wake', worker: 'numbers' });
    return { purchase: toNumberPurchase(done) };
  });
}

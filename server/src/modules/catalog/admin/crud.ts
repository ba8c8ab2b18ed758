import type { DB } from '../../../db/database';
import { audit } from '../../audit';
import { AppError } from '../../../kernel/errors';
import type { Storage } from '../../../kernel/storage';
import { dropImage, storeImage } from '../../media';
import {
  type CatalogTable,
  isForeignKeyViolation,
  type NewRow,
  type Row,
  type RowChange,
  type TableRepository,
} from './repository';
import { catalogWrite } from './write';

/**
 * Create, update and delete for the catalog-like tables, whose form fields are their column
 * names. Each write stores its image first (outside the transaction: a file is no row), then
 * runs the resource's rules, the row change and the audit record in one transaction; a failed
 * transaction removes the new image, a committed one removes the image it replaced.
 */
type Values = Record<string, unknown>;
/** What every one of these tables has; the rest is the resource's business. */
type Base = { id: number; img: string | null };

export type Resource<T extends CatalogTable, Dto> = {
  repo: TableRepository<T>;
  /** Audit entity name: category, department, product, slider, bank, partner. */
  entity: string;
  notFound: string;
  toDto(row: Row<T>): Dto;
  /** Checks (and may complete) the full set of values a row is about to have; `sent` is what the request named. */
  prepare?(trx: DB, values: Values, sent: Values): Promise<Values>;
  /** Rows that others still point at are not deleted; `message` tells the operator why. */
  inUse?: { check(trx: DB, id: number): Promise<boolean>; message: string };
  /**
   * Each row belongs to one storefront (`storefront_id`: sliders, banks, partners): a new row to
   * the request's, and another storefront's row is not found from this one.
   */
  perStorefront?: true;
};

/** A row of a storefront-scoped table is only seen from its own storefront. */
function outsideStorefront<T extends CatalogTable, Dto>(res: Resource<T, Dto>, row: Row<T>, storefrontId: number) {
  return res.perStorefront === true && Number((row as unknown as Values).storefront_id) !== storefrontId;
}

type WithImage = { img?: Uint8Array | undefined; remove_img?: boolean | undefined };

/** Form fields to column values: booleans become 0/1, absent fields are left out. */
function columnsOf(input: Values): Values {
  const out: Values = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'img' || key === 'remove_img') continue;
    out[key] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out;
}

/** Only what changed, for the audit log. */
function changes(before: Values, after: Values): { before: Values; after: Values } {
  const b: Values = {};
  const a: Values = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

const base = <T extends CatalogTable>(row: Row<T>) => row as unknown as Base;

async function withNewImage<R>(
  storage: Storage,
  bytes: Uint8Array | undefined,
  work: (img: string | undefined) => Promise<R>,
): Promise<R> {
  const img = bytes?.byteLength ? await storeImage(storage, bytes, 'catalog') : undefined;
  try {
    return await work(img);
  } catch (err) {
    await dropImage(storage, img);
    throw err;
  }
}

export function createRow<T extends CatalogTable, Dto>(
  db: DB,
  storage: Storage,
  actorId: number,
  res: Resource<T, Dto>,
  input: Values & WithImage,
  storefrontId: number,
): Promise<Dto> {
  return withNewImage(storage, input.img, (img) =>
    catalogWrite(db, async (trx) => {
      let values = columnsOf(input);
      if (res.perStorefront) values.storefront_id = storefrontId;
      if (img) values.img = img;
      if (res.prepare) values = await res.prepare(trx, values, columnsOf(input));
      // The body was validated by the resource's input schema, whose fields are the table's columns.
      const row = await res.repo.insert(trx, values as NewRow<T>);
      const dto = res.toDto(row);
      await audit(trx, actorId, `${res.entity}.create`, res.entity, base(row).id, null, dto);
      return dto;
    }),
  );
}

export async function updateRow<T extends CatalogTable, Dto>(
  db: DB,
  storage: Storage,
  actorId: number,
  res: Resource<T, Dto>,
  id: number,
  patch: Values & WithImage,
  storefrontId: number,
): Promise<Dto> {
  let replaced: string | null = null;
  const dto = await withNewImage(storage, patch.img, (img) =>
    catalogWrite(db, async (trx) => {
      const current = await res.repo.find(trx, id);
      if (!current || outsideStorefront(res, current, storefrontId)) throw new AppError('not_found', res.notFound);
      const { id: _id, ...currentValues } = current as unknown as Values;
      let values: Values = { ...currentValues, ...columnsOf(patch) };
      if (img) values.img = img;
      else if (patch.remove_img) values.img = null;
      if (res.prepare) values = await res.prepare(trx, values, columnsOf(patch));
      // Only the columns that change are written, so two operators editing different fields
      // of one row at once do not undo each other.
      const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== currentValues[k]));
      if (Object.keys(changed).length === 0) return res.toDto(current);
      const row = await res.repo.update(trx, id, changed as RowChange<T>);
      if (base(current).img !== base(row).img) replaced = base(current).img;
      const after = res.toDto(row);
      const diff = changes(res.toDto(current) as Values, after as Values);
      await audit(trx, actorId, `${res.entity}.update`, res.entity, id, diff.before, diff.after);
      return after;
    }),
  );
  await dropImage(storage, replaced);
  return dto;
}

export async function deleteRow<T extends CatalogTable, Dto>(
  db: DB,
  storage: Storage,
  actorId: number,
  res: Resource<T, Dto>,
  id: number,
  storefrontId: number,
): Promise<void> {
  let img: string | null = null;
  try {
    await catalogWrite(db, async (trx) => {
      const current = await res.repo.find(trx, id);
      if (!current || outsideStorefront(res, current, storefrontId)) throw new AppError('not_found', res.notFound);
      if (res.inUse && (await res.inUse.check(trx, id))) throw new AppError('conflict', res.inUse.message);
      await res.repo.remove(trx, id);
      await audit(trx, actorId, `${res.entity}.delete`, res.entity, id, res.toDto(current), null);
      img = base(current).img;
    });
  } catch (err) {
    if (isForeignKeyViolation(err) && res.inUse) throw new AppError('conflict', res.inUse.message);
    throw err;
  }
  await dropImage(storage, img);
}

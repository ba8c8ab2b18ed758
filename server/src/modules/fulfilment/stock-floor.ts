import type { DB } from '../../db/database';
import { rootOf } from '../../kernel/request-context';
import { now } from '../../kernel/time';
import { firstSellableKey } from './stock-repository';
import type { CodeKey } from './stock-statements';

/** No bound: the scan starts at the product's first entry. */
const FROM_THE_START: CodeKey = { at: '', id: 0 };
/** How old a product's floor may be before a sale reads it again. */
const READ_EVERY_MS = 1000;

type Floor = { key: CodeKey; readAt: number; reading: boolean };
const floors = new WeakMap<DB, Map<number, Floor>>();

/**
 * Where a product's sellable codes begin, as this process last read it (at most a second
 * before), for PostgreSQL's one-statement sale to scan from. A sold or deleted code keeps its
 * entry in the index of available codes until a vacuum, and sales take the oldest codes first,
 * so the entries of everything sold since the last vacuum lie before the first sellable code: a
 * hot product's pick and count stepped over all of them on every sale
 * (docs/orders.md#stock-codes).
 *
 * Codes before the floor stay unsold only by exception: codes are never put back on sale, an
 * upload is stamped with its own time, and the floor is read in a snapshot where the codes other
 * buyers hold are still unsold, so a buyer whose statement writes nothing lets go of a code at or
 * above it. An upload stamped earlier (one still committing when the floor was read, or another
 * server's clock behind this one's) is only passed over until the next read. A sale never fails
 * for the floor: a statement that finds too few codes above it writes nothing, and the
 * transactional sale decides from all of them. The floor only bounds a scan; what a sale may take
 * is still decided under its lock (`markPickedSold`).
 *
 * The read runs beside the sale, never before it: the sale uses the floor it has.
 */
export function stockFloor(db: DB, productId: number): CodeKey {
  let byProduct = floors.get(rootOf(db));
  if (!byProduct) {
    byProduct = new Map();
    floors.set(rootOf(db), byProduct);
  }
  let floor = byProduct.get(productId);
  if (!floor) {
    floor = { key: FROM_THE_START, readAt: Number.NEGATIVE_INFINITY, reading: false };
    byProduct.set(productId, floor);
  }
  if (!floor.reading && performance.now() - floor.readAt >= READ_EVERY_MS) readFloor(db, productId, floor);
  return floor.key;
}

function readFloor(db: DB, productId: number, floor: Floor): void {
  floor.reading = true;
  const done = (key: CodeKey) => {
    floor.key = key;
    floor.readAt = performance.now();
    floor.reading = false;
  };
  // Sold out: no bound, so the codes uploaded next are found whatever their stamp.
  firstSellableKey(db, productId, now()).then(
    (key) => done(key ?? FROM_THE_START),
    // A hint only: a failed read (the database going away) leaves the scan unbounded.
    () => done(FROM_THE_START),
  );
}

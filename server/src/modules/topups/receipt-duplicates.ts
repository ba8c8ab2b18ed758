import type { DB } from '../../db/database';
import { findChargeBySha256, latestPerceptualHashes } from './repository';
import { NEAR_DUPLICATE_BITS, type ReceiptFingerprint } from '../media';

/**
 * How many of the newest receipts a new one is compared with by picture. Comparing is a XOR and
 * a popcount per row (about 20 ms for the whole window here); a copy sent months later is still
 * caught by its SHA-256, which is looked up by index across all time.
 */
const NEAR_WINDOW = 50_000;

/** A 64-bit hash as two 32-bit halves, so comparing needs no BigInt. */
function halves(hex: string): [number, number] {
  return [Number.parseInt(hex.slice(0, 8), 16), Number.parseInt(hex.slice(8, 16), 16)];
}

function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function hashDistance(a: string, b: string): number {
  const [a1, a2] = halves(a);
  const [b1, b2] = halves(b);
  return popcount32((a1 ^ b1) >>> 0) + popcount32((a2 ^ b2) >>> 0);
}

/**
 * The earlier request (of any customer) whose receipt this one repeats: the same bytes first,
 * else the closest picture within NEAR_DUPLICATE_BITS (the oldest of equally close ones, which
 * is where a copy came from). null when the receipt is new.
 */
export async function findEarlierReceipt(db: DB, fp: ReceiptFingerprint): Promise<number | null> {
  const same = await findChargeBySha256(db, fp.sha256);
  if (same) return same.id;
  if (!fp.phash) return null;
  const rows = await latestPerceptualHashes(db, NEAR_WINDOW);
  let best: { id: number; distance: number } | null = null;
  for (const row of rows) {
    const distance = hashDistance(fp.phash, row.img_phash!);
    if (distance <= NEAR_DUPLICATE_BITS && (!best || distance <= best.distance)) best = { id: row.id, distance };
  }
  return best?.id ?? null;
}

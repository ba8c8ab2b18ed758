import type { Sealer } from '../../kernel/sealing';
import { hmac, safeEqual } from '../../kernel/crypto';

/** Where receipt images are served; the API's public prefix plus /receipts. */
export const RECEIPTS_PATH = '/public/api/v1/receipts';

/** A receipt's storage key is `receipts/<32 hex>.<ext>`; the file name is all a link names. */
export const RECEIPT_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const LIFETIME_S = 60 * 60;
// Expiry is rounded up to a 15-minute step so a page re-read within the step gets the same
// URL and the browser can reuse the image it already has.
const STEP_S = 15 * 60;

// A key of its own for links, derived from the app key, so a signature can never double as
// anything the app key protects elsewhere.
function linkKey(sealer: Sealer): Buffer {
  return Buffer.from(sealer.mac('raseed/signed-links/v1'), 'base64url');
}

function signature(sealer: Sealer, path: string, expires: number): string {
  return hmac(linkKey(sealer), `${path}\n${expires}`);
}

/**
 * The link of a receipt image for its owner or an operator. An <img> cannot send the bearer
 * token, so the link itself is the permission: an HMAC over its path and expiry time.
 */
export function receiptLink(sealer: Sealer, imgKey: string, nowMs = Date.now()): string {
  const name = imgKey.slice(imgKey.lastIndexOf('/') + 1);
  const path = `${RECEIPTS_PATH}/${name}`;
  const expires = Math.ceil((Math.floor(nowMs / 1000) + LIFETIME_S) / STEP_S) * STEP_S;
  return `${path}?expires=${expires}&sig=${signature(sealer, path, expires)}`;
}

/** Seconds the link has left, or null when its signature is wrong or it has expired. */
export function checkReceiptLink(
  sealer: Sealer,
  name: string,
  expires: string | undefined,
  sig: string | undefined,
  nowMs = Date.now(),
): number | null {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return null;
  const at = Number(expires);
  const left = at - Math.floor(nowMs / 1000);
  if (left <= 0 || left > LIFETIME_S + STEP_S) return null;
  return safeEqual(signature(sealer, `${RECEIPTS_PATH}/${name}`, at), sig) ? left : null;
}

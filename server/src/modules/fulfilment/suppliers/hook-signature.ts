import { createHmac, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks 1.0: a timestamp further than this from our clock is a replay or a stale copy. */
export const HOOK_TOLERANCE_S = 5 * 60;

export type HookHeaders = { id: string; timestamp: string; signature: string };

/**
 * Whether a delivery was signed with `secret` (`whsec_` + base64): one of the space-separated
 * `v1,<base64>` in `webhook-signature` must be the HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed
 * with the secret's decoded bytes, compared in constant time, and the timestamp within 5 minutes.
 * Written from the published spec, not from our sender (webhooks/signature.ts), so either one
 * straying from it shows.
 */
export function hookSignedBy(secret: string, h: HookHeaders, body: string, nowS: number): boolean {
  if (!h.id || !/^\d{1,12}$/.test(h.timestamp)) return false;
  if (Math.abs(nowS - Number(h.timestamp)) > HOOK_TOLERANCE_S) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${h.id}.${h.timestamp}.${body}`).digest();
  return h.signature
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'))
    .some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
}

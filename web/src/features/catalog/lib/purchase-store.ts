/**
 * What one purchase on a product page keeps in the tab's sessionStorage, keyed by product:
 * - the attempt: the Idempotency-Key and what it was made for (the form and its fields), so every
 *   retry of the same purchase (a double tap, a reconnect, Back and forward, a reload) sends the
 *   same key and the server answers the first order instead of placing a second one;
 * - the draft: the fields as typed, so they survive leaving the page and coming Back.
 * Both are dropped when the purchase succeeds: the page is then as it was before it.
 * An account's password is never stored (the caller leaves it out of the draft).
 */
export type PurchaseAttempt = { key: string; sig: string };
export type PurchaseDraft = Record<string, string>;

const prefix = 'raseed.purchase.';

function read<T>(name: string): T | null {
  try {
    const raw = sessionStorage.getItem(prefix + name);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(name: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(prefix + name);
    else sessionStorage.setItem(prefix + name, JSON.stringify(value));
  } catch {
    // Storage full or blocked (private mode): the purchase works, only Back forgets more.
  }
}

export const purchaseStore = {
  attempt: (productId: number) => read<PurchaseAttempt>(`${productId}.attempt`),
  saveAttempt: (productId: number, attempt: PurchaseAttempt) => write(`${productId}.attempt`, attempt),
  draft: (productId: number) => read<PurchaseDraft>(`${productId}.draft`),
  saveDraft: (productId: number, draft: PurchaseDraft) => write(`${productId}.draft`, draft),
  /** The purchase made with `key` succeeded: forget it and the typed fields (another key's attempt is kept). */
  finish(productId: number, key: string): void {
    if (purchaseStore.attempt(productId)?.key !== key) return;
    write(`${productId}.attempt`, null);
    write(`${productId}.draft`, null);
  },
};

/** What a key is bought for: the same form with the same fields is the same purchase. */
export function purchaseSignature(form: string, fields: Record<string, string | undefined>): string {
  const entries = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]): [string, string] => [k, (v ?? '').trim()])
    .sort((x, y) => (x[0] < y[0] ? -1 : 1));
  return JSON.stringify([form, entries]);
}

/**
 * The purchase confirmation is a history entry of its own: the product page's location with the
 * purchase's key in its state. Back leaves it (closing the confirmation, the form kept) and only
 * the purchase with that key, still unfinished, can show it.
 */
export function purchaseInState(state: unknown): string | null {
  const key = (state as { purchase?: unknown } | null)?.purchase;
  return typeof key === 'string' ? key : null;
}

export function withPurchase(state: unknown, key: string): Record<string, unknown> {
  return { ...(state && typeof state === 'object' ? state : {}), purchase: key };
}

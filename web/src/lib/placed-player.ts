/**
 * What the product page hands to /orders in the navigation state after a purchase: the player of
 * the order (the saved-players feature reads it to offer a save) and the order itself (the orders
 * screen shows it first, as the purchase's result). The catalog writes it, other features read it.
 */
export type PlacedPlayer = { type: 'id' | 'account'; player_id: string; player_name: string | null };

export function placedPlayerState(type: string, first: string, second: string): { placed: PlacedPlayer } | undefined {
  if (type !== 'id' && type !== 'account') return undefined;
  const id = first.trim();
  // An account's second field is its password: never kept.
  return id
    ? { placed: { type, player_id: id, player_name: type === 'id' ? second.trim() || null : null } }
    : undefined;
}

/** The placed player in a location's state, if the previous screen left one. */
export function readPlacedPlayer(state: unknown): PlacedPlayer | undefined {
  return (state as { placed?: PlacedPlayer } | null)?.placed;
}

/** The id of the order a purchase just placed, kept in the /orders entry's state (it survives a reload). */
export function readPurchaseResult(state: unknown): number | undefined {
  const id = (state as { result?: unknown } | null)?.result;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

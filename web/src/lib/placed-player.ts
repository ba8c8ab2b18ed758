/**
 * The player of an order just placed, handed from the product page to /orders in the navigation
 * state: the catalog writes it, the saved-players feature reads it to offer a save.
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

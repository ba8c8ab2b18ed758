import { createHash } from 'node:crypto';

/**
 * A supplier that can tell the name behind a player id (check-player). Real suppliers are
 * plugged in by adding an implementation under a key and setting products.player_resolver to it.
 * `resolve` returns null when the supplier does not know the id; it throws when it cannot answer.
 */
export interface PlayerResolver {
  resolve(playerId: string, product: { id: number; name: string }): Promise<string | null>;
}

export type ResolverRegistry = ReadonlyMap<string, PlayerResolver>;

const demoNames = ['Falcon', 'Shadow', 'Nova', 'Tiger', 'Phoenix', 'Storm', 'Viper', 'Eagle', 'Blaze', 'Ranger'];

/**
 * The demo store's supplier, so the feature can be seen working without one: an id of 5 to 20
 * digits always resolves to the same made-up name; anything else is unknown.
 */
export const demoResolver: PlayerResolver = {
  async resolve(playerId) {
    if (!/^\d{5,20}$/.test(playerId)) return null;
    const pick = createHash('sha256').update(playerId).digest()[0]! % demoNames.length;
    return `${demoNames[pick]}_${playerId.slice(-4)}`;
  },
};

export const playerResolvers: ResolverRegistry = new Map([['demo', demoResolver]]);

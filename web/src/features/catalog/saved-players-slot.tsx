import type { Product, ProductType, SavedPlayer } from '@raseed/contract';
import { type ComponentType, createContext, useContext } from 'react';

export type NameChange = {
  /** Call with the checked id and the name the supplier answered. */
  checked(playerId: string, name: string): void;
  /** The warning, while the form still holds the id it is about. */
  warningFor(playerId: string): string | null;
};

/**
 * What an order form asks of the customer's saved players. The catalog does not own them: the
 * store app plugs the players feature in (`<ProductRoute savedPlayers={…}>`); without it the forms
 * simply offer none.
 */
export type SavedPlayersSlot = {
  /** Above the player fields: the saved players of the product's type; a tap fills the fields. */
  Picker: ComponentType<{ product: Product; onPick: (player: SavedPlayer) => void }>;
  /**
   * Compares what check-player answered with the name saved for that id last time. A hook: an app
   * chooses the slot once and never swaps it, so every render calls the same hooks.
   */
  useNameChange: (type: ProductType, signedIn: boolean) => NameChange;
};

const none: SavedPlayersSlot = {
  Picker: () => null,
  useNameChange: () => ({ checked: () => undefined, warningFor: () => null }),
};

export const SavedPlayersContext = createContext<SavedPlayersSlot>(none);

export const useSavedPlayersSlot = () => useContext(SavedPlayersContext);

import { SavedPlayersPicker } from './saved-players-picker';
import { useNameChange } from './use-name-change';

/** What the product page's order forms take from this feature (the catalog's SavedPlayersSlot). */
export const savedPlayersForOrders = { Picker: SavedPlayersPicker, useNameChange };

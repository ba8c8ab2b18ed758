import type { Product, SavedPlayer } from '@raseed/contract';
import { useSessionState } from '@/lib/session-store';
import { type SavedPlayerType, usePlayers } from './api';
import { playersAr } from './copy-ar';
import { TileButton } from '@/components/ui/tile-button';

/**
 * The product page's saved players of the product's type, one tap each: the tap fills the form's
 * player fields. Nothing shows for a guest, for code products or when none are saved.
 */
export function SavedPlayersPicker({ product, onPick }: { product: Product; onPick: (player: SavedPlayer) => void }) {
  const { user } = useSessionState();
  const type: SavedPlayerType | null = product.type === 'id' || product.type === 'account' ? product.type : null;
  const players = usePlayers(type ?? undefined, Boolean(user && type));
  const list = players.data ?? [];
  if (!type || list.length === 0) return null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-bold text-fg">{playersAr.savedTitle}</legend>
      <div className="flex flex-wrap gap-2">
        {list.map((p) => (
          <TileButton key={p.id} aria-label={playersAr.pick(p.label)} onClick={() => onPick(p)}>
            <span className="font-bold text-fg">{p.label}</span>
            <bdi className="text-xs text-muted" dir="ltr">
              {p.player_id}
            </bdi>
          </TileButton>
        ))}
      </div>
    </fieldset>
  );
}

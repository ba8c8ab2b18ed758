import type { SavedPlayer } from '@raseed/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { useDeletePlayer, usePlayers, useUpdatePlayer } from './api';
import { playersAr } from './copy-ar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { Card } from '@/components/ui/card';

/** The profile's list of saved players: rename or delete each. */
export function SavedPlayersManager() {
  const players = usePlayers();
  const list = players.data ?? [];
  return (
    <Card as="section" className="grid gap-3" aria-labelledby="saved-players-title">
      <h2 id="saved-players-title" className="text-lg font-bold text-fg">
        {playersAr.manageTitle}
      </h2>
      {players.data && list.length === 0 ? <p className="text-sm text-muted">{playersAr.manageEmpty}</p> : null}
      <ul className="grid gap-3">
        {list.map((p) => (
          <li key={p.id}>
            <PlayerRow player={p} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function PlayerRow({ player }: { player: SavedPlayer }) {
  const id = useId();
  const [label, setLabel] = useState(player.label);
  const update = useUpdatePlayer();
  const remove = useDeletePlayer();
  const fail = (err: unknown) => toast.error(isApiError(err) ? err.message : playersAr.rename);
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-xl border border-line bg-surface-2 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate({ id: player.id, label }, { onSuccess: () => toast.success(playersAr.saved), onError: fail });
      }}
    >
      <TextField
        id={`${id}-label`}
        className="min-w-40 flex-1"
        size="md"
        label={
          <>
            {playersAr.label} ({player.type === 'id' ? playersAr.kindId : playersAr.kindAccount}:{' '}
            <bdi dir="ltr">{player.player_id}</bdi>)
          </>
        }
        hint={player.player_name ? playersAr.lastName(player.player_name) : undefined}
        value={label}
        maxLength={60}
        onChange={(e) => setLabel(e.target.value)}
      />
      <Button type="submit" disabled={update.isPending} variant="outline" className="text-sm">
        {playersAr.rename}
      </Button>
      <Button
        disabled={remove.isPending}
        onClick={() => remove.mutate(player.id, { onSuccess: () => toast.success(playersAr.removed), onError: fail })}
        variant="danger"
        className="text-sm"
      >
        {playersAr.remove}
      </Button>
    </form>
  );
}

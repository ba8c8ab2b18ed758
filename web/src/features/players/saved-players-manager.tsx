import type { SavedPlayer } from '@raseed/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { useDeletePlayer, usePlayers, useUpdatePlayer } from './api';
import { playersAr } from './copy-ar';

/** The profile's list of saved players: rename or delete each. */
export function SavedPlayersManager() {
  const players = usePlayers();
  const list = players.data ?? [];
  return (
    <section aria-labelledby="saved-players-title" className="grid gap-3 rounded-2xl border border-line bg-surface p-4">
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
    </section>
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
      <div className="grid min-w-40 flex-1 gap-1">
        <label htmlFor={`${id}-label`} className="text-sm font-bold text-fg">
          {playersAr.label} ({player.type === 'id' ? playersAr.kindId : playersAr.kindAccount}:{' '}
          <bdi dir="ltr">{player.player_id}</bdi>)
        </label>
        <input
          id={`${id}-label`}
          value={label}
          maxLength={60}
          onChange={(e) => setLabel(e.target.value)}
          className={
            'block h-11 w-full rounded-xl border border-line bg-surface px-3 ' +
            'text-fg focus:border-accent focus:outline-none'
          }
        />
        {player.player_name ? (
          <span className="text-xs text-muted">{playersAr.lastName(player.player_name)}</span>
        ) : null}
      </div>
      <button
        type="submit"
        disabled={update.isPending}
        className={
          'inline-flex h-11 items-center rounded-xl border border-line px-4 ' +
          'text-sm font-bold text-fg hover:border-accent'
        }
      >
        {playersAr.rename}
      </button>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => remove.mutate(player.id, { onSuccess: () => toast.success(playersAr.removed), onError: fail })}
        className={
          'inline-flex h-11 items-center rounded-xl border border-danger/60 px-4 ' +
          'text-sm font-bold text-danger hover:bg-danger-bg'
        }
      >
        {playersAr.remove}
      </button>
    </form>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { readPlacedPlayer } from '@/lib/placed-player';
import { findSaved, usePlayers, useSavePlayer, useUpdatePlayer } from './api';
import { playersAr } from './copy-ar';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/**
 * After a successful order, on /orders: offers to save the player with a label. An id already
 * saved is not offered again; its last known name is brought up to date instead.
 */
export function SavePlayerOffer() {
  const location = useLocation();
  const placed = readPlacedPlayer(location.state);
  const players = usePlayers(placed?.type, Boolean(placed));
  const save = useSavePlayer();
  const update = useUpdatePlayer();
  const [done, setDone] = useState(false);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const synced = useRef(false);
  const saved = placed && players.data ? findSaved(players.data, placed.player_id) : undefined;

  useEffect(() => {
    if (!placed || !saved || synced.current) return;
    synced.current = true;
    if (placed.player_name && saved.player_name !== placed.player_name)
      update.mutate({ id: saved.id, player_name: placed.player_name });
  }, [placed, saved, update]);

  if (!placed || done || !players.data || saved) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-4 grid gap-3 rounded-2xl border border-accent/50 bg-surface p-4"
    >
      <h2 id={`${id}-title`} className="font-bold text-fg">
        {playersAr.offerTitle}
      </h2>
      <p className="text-sm text-muted">{playersAr.offerText(placed.player_id)}</p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              type: placed.type,
              player_id: placed.player_id,
              label: label.trim() || placed.player_name || placed.player_id,
              player_name: placed.player_name,
            },
            {
              onSuccess: () => {
                toast.success(playersAr.saved);
                setDone(true);
              },
              onError: (err) => setError(isApiError(err) ? err.message : playersAr.save),
            },
          );
        }}
      >
        {/* The error goes under the whole form (below the buttons), so it is tied to the input by hand. */}
        <TextField
          id={`${id}-label`}
          className="min-w-48 flex-1"
          size="md"
          label={playersAr.label}
          value={label}
          maxLength={60}
          placeholder={placed.player_name ?? placed.player_id}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" disabled={save.isPending}>
          {playersAr.save}
        </Button>
        <Button onClick={() => setDone(true)} variant="outline">
          {playersAr.dismiss}
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

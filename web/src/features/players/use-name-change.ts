import { PLAYER_NOT_FOUND, type ProductType } from '@raseed/contract';
import { useState } from 'react';
import { findSaved, usePlayers } from './api';
import { playersAr } from './copy-ar';

/**
 * Compares what check-player answered with the name saved for that id last time; a different
 * name gives the warning the form shows before buying ("اسم اللاعب تغيّر").
 */
export function useNameChange(type: ProductType, signedIn: boolean) {
  const saveable = type === 'id' || type === 'account';
  const players = usePlayers(saveable ? type : undefined, signedIn && saveable);
  const [warning, setWarning] = useState<{ playerId: string; text: string } | null>(null);
  return {
    /** Call with the checked id and the name the supplier answered. */
    checked(playerId: string, name: string) {
      const saved = findSaved(players.data, playerId);
      if (saved?.player_name && name !== PLAYER_NOT_FOUND && saved.player_name !== name) {
        setWarning({ playerId: playerId.trim(), text: playersAr.nameChangedDetail(saved.player_name, name) });
      } else setWarning(null);
    },
    /** The warning, while the form still holds the id it is about. */
    warningFor(playerId: string): string | null {
      return warning && warning.playerId === playerId.trim() ? warning.text : null;
    },
  };
}

import { PLAYER_NOT_FOUND } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '@/lib/i18n';
import { useCheckPlayer } from '../api';
import { errorText } from '../lib/use-error-toast';
import { secondaryButton } from './styles';

type CheckPlayerProps = {
  productId: number;
  /** Reads the player id field; returns null (and marks the field) when it is empty. */
  readPlayerId: () => string | null;
  /** A name was found: the form fills its account-name field with it. */
  onFound: (name: string) => void;
};

/** Asks the product's supplier for the player's name; failures go to an error toast (spec §8). */
export function useCheckPlayerControl({ productId, readPlayerId, onFound }: CheckPlayerProps) {
  const check = useCheckPlayer();
  const [name, setName] = useState<string | null>(null);

  const button = (
    <button
      type="button"
      className={secondaryButton}
      disabled={check.isPending}
      onClick={() => {
        const playerId = readPlayerId();
        if (playerId === null) return;
        setName(null);
        check.mutate(
          { playerId, productId },
          {
            onSuccess: (found) => {
              setName(found);
              if (found !== PLAYER_NOT_FOUND) onFound(found);
            },
            onError: (error) => toast.error(errorText(error)),
          },
        );
      }}
    >
      {check.isPending ? t('order.checking') : t('order.checkPlayer')}
    </button>
  );

  const result = name ? (
    <span role="status" className={name === PLAYER_NOT_FOUND ? 'text-danger' : 'text-accent'}>
      {t('order.playerName', { name })}
    </span>
  ) : null;

  return { button, result };
}

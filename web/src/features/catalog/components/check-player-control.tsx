import { PLAYER_NOT_FOUND } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '@/lib/i18n';
import { useCheckPlayer } from '../api';
import { errorText } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';

type CheckPlayerProps = {
  productId: number;
  /** Reads the player id field; returns null (and marks the field) when it is empty. */
  readPlayerId: () => string | null;
  /** A name was found: the form fills its account-name field with it. */
  onFound: (name: string) => void;
};

/** Asks the product's supplier for the player's name; failures go to an error toast (docs/product-rules.md#errors). */
export function useCheckPlayerControl({ productId, readPlayerId, onFound }: CheckPlayerProps) {
  const check = useCheckPlayer();
  // The reply and the id it answered, so a later purchase knows whether *this* id was not found.
  const [checked, setChecked] = useState<{ playerId: string; name: string } | null>(null);

  const button = (
    <Button
      variant="secondary"
      size="lg"
      className="shrink-0 text-sm"
      disabled={check.isPending}
      onClick={() => {
        const playerId = readPlayerId();
        if (playerId === null) return;
        setChecked(null);
        check.mutate(
          { playerId, productId },
          {
            onSuccess: (found) => {
              setChecked({ playerId, name: found });
              if (found !== PLAYER_NOT_FOUND) onFound(found);
            },
            onError: (error) => toast.error(errorText(error)),
          },
        );
      }}
    >
      {check.isPending ? t('order.checking') : t('order.checkPlayer')}
    </Button>
  );

  const notFound = checked?.name === PLAYER_NOT_FOUND;
  // The supplier's English 'Not Found' is a state, not a name: the customer reads it in Arabic.
  const result = checked ? (
    <span role="status" className={notFound ? 'text-danger' : 'text-accent'}>
      {notFound ? t('order.playerNotFound') : t('order.playerName', { name: checked.name })}
    </span>
  ) : null;

  /** True when this exact id was checked and the supplier did not find it. */
  const isNotFound = (playerId: string) => notFound && checked?.playerId === playerId.trim();

  return { button, result, isNotFound };
}

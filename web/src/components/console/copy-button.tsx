import { CopyIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { copyText } from '@/lib/clipboard';
import { ot } from '@/lib/console/copy-ar';

/** Copies one value an operator pastes elsewhere (a game's top-up site), named by what it is. */
export function CopyButton({ label, value }: { label: string; value: string }) {
  return (
    <IconButton
      tone="accent"
      className="-my-2"
      aria-label={ot('copy.playerId', { label })}
      title={ot('copy.value', { label, value })}
      onClick={() => void copyText(value)}
    >
      <CopyIcon />
    </IconButton>
  );
}

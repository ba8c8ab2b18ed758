import type { CurrencyMode } from '@raseed/contract';
import { CoinsIcon, DollarIcon, LiraIcon } from '@/components/ui/icons';

/** The bottom bar's balance icon follows the store's currency mode (lira, coins or dollar). */
export function BalanceIcon({ mode }: { mode: CurrencyMode | undefined }) {
  if (mode === 'syr') return <LiraIcon data-icon="syr" />;
  if (mode === 'coins') return <CoinsIcon data-icon="coins" />;
  return <DollarIcon data-icon="usd" />;
}

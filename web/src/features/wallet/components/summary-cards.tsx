import { Card } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';

type SummaryProps = { balance: string; deposit: string; totalOrders: string };

function Figure({ label, amount, tone }: { label: string; amount: string; tone: string }) {
  return (
    // A compact row on phones (label and amount side by side), a tile from the small breakpoint.
    <Card className="flex items-center justify-between gap-3 sm:flex-col sm:items-start sm:justify-start sm:gap-1">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`text-lg font-bold sm:text-xl md:text-2xl ${tone}`}>{formatCurrency(amount, 'USD')}</dd>
    </Card>
  );
}

/** Current balance, debt balance and total purchases (docs/product-rules.md#screens Balances). */
export function SummaryCards({ balance, deposit, totalOrders }: SummaryProps) {
  return (
    <dl aria-label={t('wallet.summary')} className="mb-8 grid gap-2 sm:grid-cols-3 sm:gap-3">
      <Figure label={t('wallet.current')} amount={balance} tone="text-accent" />
      <Figure label={t('wallet.debt')} amount={deposit} tone="text-fg" />
      <Figure label={t('wallet.totalOrders')} amount={totalOrders} tone="text-fg" />
    </dl>
  );
}

import type { AdminSupplier } from '@raseed/contract';
import { isApiError } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useSupplierBalance } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ErrorNote } from '@/components/ui/error-note';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

function credentials(s: AdminSupplier): string {
  const held = [
    s.has_password ? ot('suppliers.hasPassword') : null,
    s.has_token ? ot('suppliers.hasToken') : null,
  ].filter(Boolean);
  return held.length > 0 ? held.join(' · ') : ot('suppliers.noCredential');
}

type Props = {
  supplier: AdminSupplier;
  confirming: boolean;
  busy: boolean;
  onEdit: () => void;
  onAsk: () => void;
  onDelete: () => void;
};

/** One supplier: where it is, which credentials are stored, its balance on demand, edit and delete. */
export function SupplierCard({ supplier: s, confirming, busy, onEdit, onAsk, onDelete }: Props) {
  const balance = useSupplierBalance();
  return (
    <Card as="article" padding="sm" className="flex flex-col gap-2" aria-label={s.name}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className="truncate font-bold text-fg">{s.name}</p>
          <p className="text-sm break-all text-muted">
            {ot(`suppliers.kind.${s.kind}`)} · <bdi dir="ltr">{s.base_url}</bdi>
          </p>
          {s.email ? (
            <p className="text-sm break-all text-muted">
              <bdi dir="ltr">{s.email}</bdi>
            </p>
          ) : null}
          <p className="text-xs text-muted">{credentials(s)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={balance.isPending} onClick={() => balance.mutate(s.id)}>
            {ot('suppliers.balance')}
          </Button>
          <Button variant="secondary" size="sm" aria-label={`${ot('form.edit')}: ${s.name}`} onClick={onEdit}>
            {ot('form.edit')}
          </Button>
          {confirming ? (
            <Button variant="danger" className="min-h-9" disabled={busy} onClick={onDelete}>
              {ot('form.confirmDelete')}
            </Button>
          ) : (
            <Button variant="secondary" size="sm" aria-label={`${ot('form.delete')}: ${s.name}`} onClick={onAsk}>
              {ot('form.delete')}
            </Button>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {balance.isPending ? <p className="text-sm text-muted">{ot('admin.loading')}</p> : null}
        {balance.data !== undefined && !balance.isPending ? (
          <p className="rounded-xl bg-surface-2 px-3 py-2 text-sm font-bold text-fg">
            {ot('suppliers.balanceIs', { name: s.name, balance: formatCurrency(balance.data, 'USD') })}
          </p>
        ) : null}
        {balance.error ? (
          <ErrorNote>{isApiError(balance.error) ? balance.error.msg : t('request.error')}</ErrorNote>
        ) : null}
      </div>
    </Card>
  );
}

import { numberStatus } from '@raseed/contract';
import { useState } from 'react';
import { t } from '@/lib/i18n';
import { type DayRange, downloadExport, type ExportKind } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { Select } from '@/components/ui/select';
import { toastError } from '@/lib/error-toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useStorefrontFilter } from '@/lib/console/storefronts';

const kinds: Array<{ value: ExportKind; label: string }> = [
  { value: 'orders', label: ot('export.orders') },
  { value: 'numbers', label: ot('export.numbers') },
  { value: 'topups', label: ot('export.topups') },
  { value: 'ledger', label: ot('export.ledger') },
];

const statusOptions: Record<ExportKind, Array<{ value: string; label: string }>> = {
  orders: [
    { value: 'all', label: ot('filter.all') },
    ...(['success', 'pending', 'wait', 'request_cancel', 'cancel'] as const).map((s) => ({
      value: s,
      label: t(`status.${s}`),
    })),
  ],
  numbers: [
    { value: 'all', label: ot('filter.all') },
    ...numberStatus.options.map((s) => ({ value: s, label: ot(`numberStatus.${s}`) })),
  ],
  topups: [
    { value: 'all', label: ot('filter.all') },
    { value: 'success', label: t('topupStatus.success') },
    { value: 'pending', label: t('topupStatus.pending') },
    { value: 'cancel', label: t('topupStatus.cancel') },
  ],
  ledger: [],
};

/** CSV of orders, number purchases, top-ups or balance movements for the dashboard's range. */
export function ExportPanel({ range }: { range: DayRange }) {
  const [kind, setKind] = useState<ExportKind>('orders');
  const [status, setStatus] = useState('all');
  const [busy, setBusy] = useState(false);
  // The export covers what the dashboard shows: the picked storefront's, or every storefront's.
  const scope = useStorefrontFilter();
  async function download() {
    setBusy(true);
    try {
      await downloadExport(kind, { ...range, ...scope, ...(kind === 'ledger' ? {} : { status }) });
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card as="section" className="flex flex-col gap-3" aria-labelledby="export-title">
      <h2 id="export-title" className="font-bold text-fg">
        {ot('export.title')}
      </h2>
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <Select
          label={ot('export.kind')}
          options={kinds}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ExportKind);
            setStatus('all');
          }}
        />
        {statusOptions[kind].length ? (
          <Select
            label={ot('filter.status')}
            options={statusOptions[kind]}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
          />
        ) : (
          <span />
        )}
        <Button variant="secondary" disabled={busy} onClick={download}>
          {busy ? ot('export.downloading') : ot('export.download')}
        </Button>
      </div>
      <p className="text-xs text-muted">{ot('export.hint')}</p>
    </Card>
  );
}

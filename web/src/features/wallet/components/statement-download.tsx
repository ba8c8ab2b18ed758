import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { type StatementRequest, useDownloadStatement } from '../statement-api';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { Card } from '@/components/ui/card';

const copy = {
  title: 'كشف حساب',
  text: 'نزّل كشفاً بحركات رصيدك لفترة تختارها: الرصيد الافتتاحي، كل حركة، ثم الرصيد الختامي.',
  from: 'من تاريخ',
  to: 'إلى تاريخ',
  csv: 'تنزيل CSV (Excel)',
  pdf: 'تنزيل PDF',
  working: 'جاري التحضير...',
  failed: 'تعذّر تنزيل الكشف',
} as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** /balances: a date range and two buttons, CSV and PDF. */
export function StatementDownload() {
  const id = useId();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const download = useDownloadStatement();
  const [format, setFormat] = useState<StatementRequest['format'] | null>(null);
  const error = download.error ? (isApiError(download.error) ? download.error.message : copy.failed) : null;
  const run = (f: StatementRequest['format']) => {
    setFormat(f);
    download.mutate({ from, to, format: f });
  };
  return (
    <Card as="section" className="mb-6 grid gap-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-fg">
        {copy.title}
      </h2>
      <p className="text-sm text-muted">{copy.text}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          id={`${id}-from`}
          size="md"
          label={copy.from}
          type="date"
          value={from}
          max={to}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          id={`${id}-to`}
          size="md"
          label={copy.to}
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
        />
        <Button variant="secondary" className="text-sm" disabled={download.isPending} onClick={() => run('csv')}>
          {download.isPending && format === 'csv' ? copy.working : copy.csv}
        </Button>
        <Button variant="secondary" className="text-sm" disabled={download.isPending} onClick={() => run('pdf')}>
          {download.isPending && format === 'pdf' ? copy.working : copy.pdf}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

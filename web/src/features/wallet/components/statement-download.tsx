import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { type StatementRequest, useDownloadStatement } from '../statement-api';

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
  const button =
    'inline-flex h-11 items-center rounded-xl border border-line bg-surface-2 px-4 ' +
    'text-sm font-bold text-fg hover:border-accent disabled:opacity-60';
  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 grid gap-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold text-fg">
        {copy.title}
      </h2>
      <p className="text-sm text-muted">{copy.text}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-bold text-fg">
            {copy.from}
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
            className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-fg"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-bold text-fg">
            {copy.to}
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            className="h-11 rounded-xl border border-line bg-surface-2 px-3 text-fg"
          />
        </div>
        <button type="button" className={button} disabled={download.isPending} onClick={() => run('csv')}>
          {download.isPending && format === 'csv' ? copy.working : copy.csv}
        </button>
        <button type="button" className={button} disabled={download.isPending} onClick={() => run('pdf')}>
          {download.isPending && format === 'pdf' ? copy.working : copy.pdf}
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}

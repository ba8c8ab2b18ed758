import type { ReactNode } from 'react';

/** One headline figure; `alert` when it is a number the owner must bring down. */
export function StatTile({
  label,
  value,
  hint,
  alert = false,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  alert?: boolean;
}) {
  const border = alert ? 'border-danger' : 'border-line';
  return (
    <div className={`flex min-w-0 flex-col gap-1 rounded-2xl border bg-surface p-4 ${border}`}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`text-lg font-bold md:text-xl ${alert ? 'text-danger' : 'text-fg'}`}>{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

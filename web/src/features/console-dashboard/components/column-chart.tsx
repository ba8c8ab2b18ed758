import { useId } from 'react';
import { Card } from '@/components/ui/card';

export type Series = { name: string; color: string; values: number[] };

type Props = {
  title: string;
  /** One label per column, in time order; RTL lays the first at the inline start (right). */
  labels: string[];
  series: Series[];
  format: (n: number) => string;
  /** Show every n-th label so 30 days or 24 hours stay readable on a phone. */
  labelEvery?: number;
};

/**
 * Columns drawn with SVG, one <svg> per column slot inside a flex row, so the page direction
 * orders them (earliest at the right in Arabic) and labels are real text. A table with the same
 * figures is there for screen readers.
 */
export function ColumnChart({ title, labels, series, format, labelEvery = 1 }: Props) {
  const id = useId();
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  return (
    <Card as="figure" className="flex min-w-0 flex-col gap-3" aria-labelledby={id}>
      <figcaption id={id} className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-fg">{title}</span>
        {series.length > 1 ? (
          <span className="flex gap-3 text-xs text-muted">
            {series.map((s) => (
              <span key={s.name} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: s.color }} />
                {s.name}
              </span>
            ))}
          </span>
        ) : null}
      </figcaption>
      <div aria-hidden="true" className="flex h-40 items-end gap-px border-b border-line">
        {labels.map((label, i) => (
          <svg
            key={label}
            viewBox={`0 0 ${series.length * 10} 100`}
            preserveAspectRatio="none"
            className="h-full min-w-0 flex-1"
          >
            <title>{`${label}: ${series.map((s) => `${s.name} ${format(s.values[i] ?? 0)}`).join('، ')}`}</title>
            {series.map((s, k) => {
              const h = ((s.values[i] ?? 0) / max) * 100;
              return <rect key={s.name} x={k * 10 + 1} width={8} y={100 - h} height={h} rx={1} fill={s.color} />;
            })}
          </svg>
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-px text-[0.65rem] text-muted">
        {labels.map((label, i) => (
          <span key={label} className="min-w-0 flex-1 truncate text-center" dir="ltr">
            {i % labelEvery === 0 ? label : ''}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.name}>{`${s.name}: ${format(s.values[i] ?? 0)}`}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

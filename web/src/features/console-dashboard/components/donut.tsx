import { useId } from 'react';
import { Card } from '@/components/ui/card';

type Slice = { key: string; label: string; value: number; color: string };

const R = 40;
const C = 2 * Math.PI * R;

/** Shares of a whole as an SVG ring with a legend that carries the figures (orders by status). */
export function Donut({
  title,
  slices,
  format,
  total,
}: {
  title: string;
  slices: Slice[];
  format: (n: number) => string;
  total: string;
}) {
  const id = useId();
  const sum = slices.reduce((s, x) => s + x.value, 0);
  let offset = 0;
  return (
    <Card as="figure" className="flex min-w-0 flex-col gap-3" aria-labelledby={id}>
      <figcaption id={id} className="font-bold text-fg">
        {title}
      </figcaption>
      <div className="flex flex-wrap items-center gap-4">
        <svg viewBox="0 0 100 100" className="size-32 shrink-0 -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r={R} fill="none" strokeWidth="14" className="stroke-surface-2" />
          {sum > 0
            ? slices.map((s) => {
                const length = (s.value / sum) * C;
                const dash = (
                  <circle
                    key={s.key}
                    cx="50"
                    cy="50"
                    r={R}
                    fill="none"
                    stroke={s.color}
                    strokeWidth="14"
                    strokeDasharray={`${length} ${C - length}`}
                    strokeDashoffset={-offset}
                  />
                );
                offset += length;
                return dash;
              })
            : null}
        </svg>
        <ul className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm">
          {slices.map((s) => (
            <li key={s.key} className="flex items-center justify-between gap-3">
              <span className="inline-flex items-center gap-2 text-fg">
                <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: s.color }} />
                {s.label}
              </span>
              <span className="font-bold text-fg">{format(s.value)}</span>
            </li>
          ))}
          <li className="flex items-center justify-between gap-3 border-t border-line pt-1.5 text-muted">
            <span>{total}</span>
            <span className="font-bold">{format(sum)}</span>
          </li>
        </ul>
      </div>
    </Card>
  );
}

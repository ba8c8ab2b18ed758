import { useId } from 'react';
import { Card } from '@/components/ui/card';

type Item = { key: string | number; label: string; value: number; display: string; detail?: string };

/** A ranked list with a bar under each name growing from the inline start (the right in Arabic). */
export function BarList({ title, items, empty }: { title: string; items: Item[]; empty: string }) {
  const id = useId();
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Card as="section" className="flex min-w-0 flex-col gap-3" aria-labelledby={id}>
      <h2 id={id} className="font-bold text-fg">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ol className="flex flex-col gap-2.5">
          {items.map((item) => (
            <li key={item.key} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate text-fg">{item.label}</span>
                <span className="shrink-0 font-bold text-fg">
                  {item.display}
                  {item.detail ? <span className="ms-1 font-normal text-muted">({item.detail})</span> : null}
                </span>
              </div>
              <div aria-hidden="true" className="h-2 rounded-full bg-surface-2">
                <div className="h-full rounded-full bg-accent" style={{ inlineSize: `${(item.value / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

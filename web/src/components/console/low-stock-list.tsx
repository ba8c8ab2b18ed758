import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { ot } from '@/lib/console/copy-ar';
import { useLowStock } from '@/lib/console/low-stock';
import { adminPaths } from '@/lib/console/paths';

/**
 * Which products the low-stock badge counts: each by name, with the codes left against its
 * threshold and a link to its stock. Shows nothing while the stock is fine or the list loads.
 */
export function LowStockList() {
  const low = useLowStock();
  if (!low.data || low.data.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="low-stock-title" className="mb-5 border-danger/50">
      <h2 id="low-stock-title" className="mb-2 font-bold text-danger">
        {ot('lowStock.title')}
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {low.data.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
            <span className="font-bold text-fg">{p.name}</span>
            <span className="flex items-center gap-3">
              <span className="text-danger tabular-nums">
                {ot('lowStock.left', { available: p.available, threshold: p.threshold })}
              </span>
              {p.category_id === null ? null : (
                <Link
                  to={adminPaths.product(p.category_id, p.id)}
                  className="font-bold text-accent underline-offset-4 hover:underline"
                  aria-label={`${ot('lowStock.open')}: ${p.name}`}
                >
                  {ot('lowStock.open')}
                </Link>
              )}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

import type { AdminProduct } from '@raseed/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useRemoveProduct } from '../api/catalog';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { LowStockBadge } from './stock-badge';
import { toastError } from '@/lib/error-toast';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/list-state';

/** The products of a category as rows: picture, name, price, and edit / delete. */
export function ProductRows({ categoryId, products }: { categoryId: number; products: AdminProduct[] }) {
  const remove = useRemoveProduct();
  const [confirming, setConfirming] = useState<number | null>(null);
  if (products.length === 0) return <EmptyState message={ot('admin.empty')} />;
  return (
    <ul className="flex flex-col gap-2">
      {products.map((p) => (
        <Card as="li" padding="sm" className="flex flex-wrap items-center gap-3" key={p.id}>
          <div className="size-14 shrink-0 overflow-hidden rounded-xl bg-surface-2">
            {p.img ? <img src={p.img} alt="" className="size-full object-cover" /> : null}
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold text-fg">{p.name}</p>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
              <span>
                {formatCurrency(p.free ? p.unit_price : p.price)}
                {p.available ? '' : ` · ${t('category.unavailable')}`}
                {` · ${ot(`delivery.${p.delivery}`)}`}
                {p.stock ? ` · ${ot('stock.count', { count: p.stock.available })}` : ''}
              </span>
              <LowStockBadge product={p} />
            </p>
          </div>
          <div className="flex gap-2">
            <Link
              to={adminPaths.product(categoryId, p.id)}
              className={buttonClass('secondary', { size: 'sm' })}
              aria-label={`${ot('form.edit')}: ${p.name}`}
            >
              {ot('form.edit')}
            </Link>
            {confirming === p.id ? (
              <Button
                variant="danger"
                className="min-h-9"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(p.id, {
                    onSuccess: () => toast.success(ot('admin.deleted')),
                    onError: (e) => toastError(e),
                    onSettled: () => setConfirming(null),
                  })
                }
              >
                {ot('form.confirmDelete')}
              </Button>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${ot('form.delete')}: ${p.name}`}
                onClick={() => setConfirming(p.id)}
              >
                {ot('form.delete')}
              </Button>
            )}
          </div>
        </Card>
      ))}
    </ul>
  );
}

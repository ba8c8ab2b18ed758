import type { StockCode } from '@raseed/contract';
import { useState } from 'react';
import { formatDate } from '@/lib/format';
import { type CodesFilter, useRemoveCode, useStockCodes } from '../api/stock';
import { ot } from '@/lib/console/copy-ar';
import { Select } from '@/components/ui/select';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { useConfirmedRemove } from '@/components/console/use-confirmed-remove';
import { Button } from '@/components/ui/button';

const statuses = (['available', 'sold', 'all'] as const).map((v) => ({ value: v, label: ot(`stock.filter.${v}`) }));

/** One code as the server masked it, left-to-right; sold ones say which order took them. */
function CodeRow({
  code,
  confirming,
  onAsk,
  onDelete,
  busy,
}: {
  code: StockCode;
  confirming: boolean;
  onAsk: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span dir="ltr" className="font-mono font-bold text-fg">
          {code.code}
        </span>
        {code.serial ? (
          <span className="text-muted">
            {ot('stock.serial')}: <bdi dir="ltr">{code.serial}</bdi>
          </span>
        ) : null}
        {code.expires_at ? (
          <span className="text-muted">{`${ot('stock.expires')} ${formatDate(code.expires_at)}`}</span>
        ) : null}
        {code.status === 'sold' ? (
          <span className="text-muted">
            {ot('stock.soldIn', {
              order: `#${code.order_id ?? ''}`,
              date: code.sold_at ? formatDate(code.sold_at) : '',
            })}
          </span>
        ) : null}
      </div>
      {code.status === 'sold' ? null : confirming ? (
        <Button variant="danger" className="min-h-9 shrink-0" disabled={busy} onClick={onDelete}>
          {ot('form.confirmDelete')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          aria-label={ot('stock.deleteCode', { code: code.code })}
          onClick={onAsk}
        >
          {ot('form.delete')}
        </Button>
      )}
    </li>
  );
}

/** The codes of a product, a page at a time, filtered by available / sold; an unsold code can be deleted. */
export function StockCodes({ productId }: { productId: number }) {
  const [filter, setFilter] = useState<CodesFilter>({ status: 'available', page: 1 });
  const codes = useStockCodes(productId, filter);
  const remove = useConfirmedRemove(useRemoveCode(productId));

  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-56">
        <Select
          label={ot('stock.filter')}
          options={statuses}
          value={filter.status}
          onChange={(e) => setFilter({ status: e.target.value as CodesFilter['status'], page: 1 })}
        />
      </div>
      <ListState query={codes} isEmpty={(d) => d.codes.length === 0}>
        {(data) => (
          <ul aria-label={ot('stock.list')} className="flex flex-col gap-2">
            {data.codes.map((c) => (
              <CodeRow
                key={c.id}
                code={c}
                confirming={remove.confirming === c.id}
                busy={remove.busy}
                onAsk={() => remove.ask(c.id)}
                onDelete={() => remove.confirm(c.id)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager page={filter.page} paginate={codes.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </div>
  );
}

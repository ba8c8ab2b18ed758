import type { StockCode } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { formatDate } from '@/lib/format';
import { type CodesFilter, useRemoveCode, useRemoveCodes, useStockCodes } from '../api/stock';
import { ot } from '@/lib/console/copy-ar';
import { Select } from '@/components/ui/select';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { useConfirmedRemove } from '@/components/console/use-confirmed-remove';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SearchForm } from '@/components/console/search-form';
import { toastError } from '@/lib/error-toast';

const statuses = (['available', 'sold', 'all'] as const).map((v) => ({ value: v, label: ot(`stock.filter.${v}`) }));

/** One code as the server masked it, left-to-right; sold ones say which order took them. */
function CodeRow({
  code,
  confirming,
  onAsk,
  onDelete,
  busy,
  selected,
  onSelect,
}: {
  code: StockCode;
  confirming: boolean;
  onAsk: () => void;
  onDelete: () => void;
  busy: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const unsold = code.status !== 'sold';
  return (
    <li className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm">
      {unsold ? (
        <input
          type="checkbox"
          className="size-5 shrink-0 accent-[var(--accent)]"
          aria-label={ot('stock.select', { code: code.code })}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      ) : (
        <span className="size-5 shrink-0" />
      )}
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
      {!unsold ? null : confirming ? (
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

/**
 * The codes of a product, a page at a time, filtered by available / sold and found by a whole
 * code or an order number. Unsold codes can be deleted one by one, or chosen and deleted
 * together after one confirmation.
 */
export function StockCodes({ productId }: { productId: number }) {
  const [filter, setFilter] = useState<CodesFilter>({ status: 'available', search: '', page: 1 });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const codes = useStockCodes(productId, filter);
  const remove = useConfirmedRemove(useRemoveCode(productId));
  const removeMany = useRemoveCodes(productId);
  const unsold = (codes.data?.codes ?? []).filter((c) => c.status !== 'sold').map((c) => c.id);
  const allChosen = unsold.length > 0 && unsold.every((id) => chosen.has(id));

  const show = (next: CodesFilter) => {
    setChosen(new Set());
    setFilter(next);
  };
  const choose = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  function deleteChosen() {
    removeMany.mutate([...chosen], {
      onSuccess: (reply) => {
        toast.success(ot('stock.deletedMany', { removed: reply.data.removed, kept: reply.data.kept }));
        setChosen(new Set());
      },
      onError: (e) => toastError(e),
      onSettled: () => setAsking(false),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-end">
        <Select
          label={ot('stock.filter')}
          options={statuses}
          value={filter.status}
          onChange={(e) => show({ ...filter, status: e.target.value as CodesFilter['status'], page: 1 })}
        />
        <SearchForm
          label={ot('stock.search')}
          ltr
          maxLength={500}
          onSearch={(words) => show({ ...filter, search: words, page: 1 })}
        />
      </div>
      {unsold.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Checkbox
            label={ot('stock.selectPage')}
            checked={allChosen}
            onChange={(e) => setChosen(e.target.checked ? new Set(unsold) : new Set())}
          />
          <Button variant="danger" size="sm" disabled={chosen.size === 0} onClick={() => setAsking(true)}>
            {ot('stock.deleteSelected', { count: chosen.size })}
          </Button>
        </div>
      ) : null}
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
                selected={chosen.has(c.id)}
                onSelect={(on) => choose(c.id, on)}
              />
            ))}
          </ul>
        )}
      </ListState>
      <Pager page={filter.page} paginate={codes.data?.paginate} onPage={(page) => show({ ...filter, page })} />
      {asking ? (
        <ConfirmDialog
          title={ot('stock.deleteAsk', { count: chosen.size })}
          confirmLabel={ot('form.confirmDelete')}
          backLabel={ot('confirm.back')}
          pending={removeMany.isPending}
          pendingLabel={ot('confirm.working')}
          tone="danger"
          onConfirm={deleteChosen}
          onBack={() => setAsking(false)}
        >
          <p className="text-sm text-muted">{ot('stock.deleteNote')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

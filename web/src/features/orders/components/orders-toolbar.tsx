import { type OrderStatus, orderStatus } from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { t } from '@/lib/i18n';

type ToolbarProps = {
  status: OrderStatus | 'all';
  onStatus: (s: OrderStatus | 'all') => void;
  onSearch: (text: string) => void;
};

const field =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-fg ' +
  'placeholder:text-muted focus:border-accent focus:outline-none';

/** Search box with its button, and the status filter (all by default). */
export function OrdersToolbar({ status, onStatus, onSearch }: ToolbarProps) {
  const [draft, setDraft] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  return (
    <div className="mb-6 grid gap-3 md:grid-cols-[1fr_14rem]">
      <search>
        <form onSubmit={submit} className="flex flex-col gap-1">
          <label htmlFor="orders-search" className="text-sm text-muted">
            {t('orders.searchLabel')}
          </label>
          <div className="flex gap-2">
            <input
              id="orders-search"
              type="search"
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={t('orders.searchPlaceholder')}
              className={field}
            />
            <button
              type="submit"
              className={
                'h-11 shrink-0 rounded-xl bg-accent px-5 font-bold text-accent-fg ' +
                'transition-colors hover:bg-accent-strong'
              }
            >
              {t('orders.search')}
            </button>
          </div>
        </form>
      </search>
      <div className="flex flex-col gap-1">
        <label htmlFor="orders-status" className="text-sm text-muted">
          {t('orders.statusLabel')}
        </label>
        <select
          id="orders-status"
          value={status}
          onChange={(e) => onStatus(e.target.value as OrderStatus | 'all')}
          className={field}
        >
          <option value="all">{t('orders.filter.all')}</option>
          {orderStatus.options.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

import { type OrderStatus, orderStatus } from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';

type ToolbarProps = {
  status: OrderStatus | 'all';
  onStatus: (s: OrderStatus | 'all') => void;
  onSearch: (text: string) => void;
};

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
        <form onSubmit={submit}>
          <TextField
            id="orders-search"
            size="md"
            label={t('orders.searchLabel')}
            type="search"
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('orders.searchPlaceholder')}
            addon={
              <Button type="submit" className="shrink-0">
                {t('orders.search')}
              </Button>
            }
          />
        </form>
      </search>
      <Select
        id="orders-status"
        size="md"
        label={t('orders.statusLabel')}
        value={status}
        onChange={(e) => onStatus(e.target.value as OrderStatus | 'all')}
        options={[
          { value: 'all', label: t('orders.filter.all') },
          ...orderStatus.options.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ]}
      />
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { ot } from '@/lib/console/copy-ar';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

type Option = { value: string; label: string };

/** A status select and, optionally, a search box whose text applies on submit. */
export function ListFilters({
  status,
  statusLabel = ot('filter.status'),
  statuses,
  onStatus,
  search,
  searchLabel,
  onSearch,
}: {
  status?: string;
  statusLabel?: string;
  statuses?: ReadonlyArray<Option>;
  onStatus?: (value: string) => void;
  search?: string;
  searchLabel?: string;
  onSearch?: (value: string) => void;
}) {
  const [draft, setDraft] = useState(search ?? '');
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch?.(draft.trim());
  }
  return (
    <Card
      padding="sm"
      className="mb-5 grid grid-cols-1 gap-3 md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-end"
    >
      {statuses && onStatus ? (
        <Select label={statusLabel} options={statuses} value={status} onChange={(e) => onStatus(e.target.value)} />
      ) : (
        <span />
      )}
      {onSearch ? (
        <form onSubmit={submit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              label={searchLabel ?? ot('filter.search')}
              type="search"
              maxLength={100}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary">
            {ot('filter.search')}
          </Button>
        </form>
      ) : null}
    </Card>
  );
}

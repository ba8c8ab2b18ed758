import { type FormEvent, useState } from 'react';
import { ot } from '@/lib/console/copy-ar';
import { Field, SelectField } from './fields';
import { secondaryButton } from './styles';

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
    <div
      className={
        'mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-line bg-surface p-3 ' +
        'md:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] md:items-end'
      }
    >
      {statuses && onStatus ? (
        <SelectField label={statusLabel} options={statuses} value={status} onChange={(e) => onStatus(e.target.value)} />
      ) : (
        <span />
      )}
      {onSearch ? (
        <form onSubmit={submit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <Field
              label={searchLabel ?? ot('filter.search')}
              type="search"
              maxLength={100}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <button type="submit" className={secondaryButton}>
            {ot('filter.search')}
          </button>
        </form>
      ) : null}
    </div>
  );
}

import { ot } from '@/lib/console/copy-ar';
import { Select } from '@/components/ui/select';
import { Card } from '@/components/ui/card';
import { SearchForm } from './search-form';

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
        <SearchForm
          label={searchLabel ?? ot('filter.search')}
          initial={search ?? ''}
          maxLength={100}
          onSearch={onSearch}
        />
      ) : null}
    </Card>
  );
}

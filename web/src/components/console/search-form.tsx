import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ot } from '@/lib/console/copy-ar';

/** A search box whose words apply, trimmed, when the form is sent (Enter or its button). */
export function SearchForm({
  label,
  initial = '',
  maxLength,
  ltr = false,
  onSearch,
}: {
  label: string;
  initial?: string;
  maxLength: number;
  /** Codes and order numbers are typed left to right. */
  ltr?: boolean;
  onSearch: (words: string) => void;
}) {
  const [draft, setDraft] = useState(initial);
  function submit(e: FormEvent) {
    e.preventDefault();
    onSearch(draft.trim());
  }
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label={label}
          type="search"
          ltr={ltr}
          maxLength={maxLength}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </div>
      <Button type="submit" variant="secondary">
        {ot('filter.search')}
      </Button>
    </form>
  );
}

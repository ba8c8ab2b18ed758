import { useId } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { IconButton } from '@/components/ui/icon-button';

/** Desktop header search: opens the home page filtered by what was typed (?q=). */
export function HeaderSearch() {
  const id = useId();
  const navigate = useNavigate();
  return (
    <search className="hidden xl:block">
      <form
        className="flex items-center rounded-xl border border-line bg-surface-2 focus-within:border-accent"
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          navigate(q ? `/?q=${encodeURIComponent(q)}` : '/');
        }}
      >
        <label htmlFor={id} className="sr-only">
          {t('header.search')}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          maxLength={100}
          placeholder={t('search.placeholder')}
          className="h-11 w-48 bg-transparent ps-3 text-sm text-fg placeholder:text-muted focus:outline-none"
        />
        <IconButton type="submit" aria-label={t('header.searchButton')} tone="muted">
          <SearchIcon className="size-5" />
        </IconButton>
      </form>
    </search>
  );
}

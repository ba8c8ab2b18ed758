import { useId } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';

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
        <button
          type="submit"
          aria-label={t('header.searchButton')}
          className="inline-flex size-11 items-center justify-center text-muted hover:text-fg"
        >
          <SearchIcon className="size-5" />
        </button>
      </form>
    </search>
  );
}

import { useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { IconButton } from '@/components/ui/icon-button';

/**
 * Desktop header search (≥ 1280 px), the one search box on a desktop screen. On the home page
 * it is that page's search: what is typed goes into the address (?q=) as it is typed and the
 * page shows its finds. Elsewhere it opens the home page searched, on Enter or its button.
 */
export function HeaderSearch() {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const onHome = pathname === paths.home;
  const [typed, setTyped] = useState('');
  const value = onHome ? (params.get('q') ?? '') : typed;

  return (
    <search className="hidden xl:block">
      <form
        className="flex items-center rounded-xl border border-line bg-surface-2 focus-within:border-accent"
        onSubmit={(e) => {
          e.preventDefault();
          const q = value.trim();
          if (onHome) return;
          setTyped('');
          navigate(q ? `${paths.home}?q=${encodeURIComponent(q)}` : paths.home);
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
          autoComplete="off"
          value={value}
          onChange={(e) => {
            const q = e.target.value;
            if (onHome) setParams(q ? { q } : {}, { replace: true });
            else setTyped(q);
          }}
          placeholder={t('search.placeholderAll')}
          className="h-11 w-48 bg-transparent ps-3 text-sm text-fg placeholder:text-muted focus:outline-none"
        />
        <IconButton type="submit" aria-label={t('header.searchButton')} tone="muted">
          <SearchIcon className="size-5" />
        </IconButton>
      </form>
    </search>
  );
}

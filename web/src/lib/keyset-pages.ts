import type { KeysetPaginate } from '@raseed/contract';
import { useCallback, useState } from 'react';

/**
 * Page numbers as the spec shows them, kept stable with the server's keyset bound: moving to the
 * next page remembers the `nextBefore` the current reply gave, so new rows arriving meanwhile (or
 * rows leaving a status filter) never shift a later page. Page 1 always reads the newest rows.
 */
export function useKeysetPages() {
  const [page, setPage] = useState(1);
  const [befores, setBefores] = useState<Record<number, number>>({});

  const next = useCallback((p: KeysetPaginate) => {
    const target = p.nextPage;
    if (target === null) return;
    const bound = p.nextBefore;
    if (bound !== null) setBefores((b) => ({ ...b, [target]: bound }));
    setPage(target);
  }, []);

  const back = useCallback((p: KeysetPaginate) => {
    if (p.backPage !== null) setPage(p.backPage);
  }, []);

  const reset = useCallback(() => {
    setPage(1);
    setBefores({});
  }, []);

  return { page, before: page > 1 ? befores[page] : undefined, next, back, reset };
}

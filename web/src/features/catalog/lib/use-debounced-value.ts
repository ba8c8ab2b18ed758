import { useEffect, useState } from 'react';

/** docs/product-rules.md#limits: the search box waits 500 ms after the last key before filtering. */
export const SEARCH_DEBOUNCE_MS = 500;

export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return settled;
}

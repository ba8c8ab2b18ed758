import { useEffect, useRef } from 'react';

const ESCAPE = ['Escape'] as const;

/**
 * Closes a modal on its keys (Escape) wherever the focus is while it is open: a list behind it
 * that re-reads itself may move the focus out of it, and a modal that then ignored Escape would
 * trap the page. The latest `onDismiss` is called; the listener is added once.
 */
export function useDismissKeys(onDismiss: () => void, keys: readonly string[] = ESCAPE): void {
  const latest = useRef(onDismiss);
  latest.current = onDismiss;
  const keyList = keys.join('\n');
  useEffect(() => {
    const wanted = new Set(keyList.split('\n'));
    const onKey = (event: KeyboardEvent) => {
      if (wanted.has(event.key)) latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keyList]);
}

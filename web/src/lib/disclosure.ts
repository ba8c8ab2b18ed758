import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A header menu's state (a button and the list it shows): open until Escape, a click outside
 * `root`, or any navigation, since it is open only on the location it was opened on. `listId`
 * names the list for the button's `aria-controls`.
 */
export function useDisclosure<E extends HTMLElement>() {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const listId = useId();
  const root = useRef<E>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return { open, listId, root, toggle: () => setOpenOn(open ? null : location.key) };
}

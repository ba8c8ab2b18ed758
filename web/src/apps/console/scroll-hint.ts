import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether a sideways-scrolling row has more to show before its start or past its end, so a fade
 * can say so. Read in logical terms: in a right-to-left page `scrollLeft` runs from 0 down to a
 * negative number, so only its size counts.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): { before: boolean; after: boolean } {
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const measure = () => {
      const scrolled = Math.abs(row.scrollLeft);
      const left = row.scrollWidth - row.clientWidth - scrolled;
      setEdges((was) => {
        const next = { before: scrolled > 1, after: left > 1 };
        return was.before === next.before && was.after === next.after ? was : next;
      });
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

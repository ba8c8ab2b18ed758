import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, type NavigationType, useLocation, useNavigationType } from 'react-router';

/**
 * Where each history entry was scrolled to, so Back and Forward return there and every new
 * screen opens at its top (docs/web.md#navigation). The data router's <ScrollRestoration> does
 * this, but the store renders declarative routes without it (the first-screen budget), so this
 * is its small stand-in: positions by history key, in sessionStorage across a reload.
 */
const STORE_KEY = 'raseed:scroll';
const MAX_KEPT = 100;
/** A screen coming back may still be drawing (a chunk, cached data): keep trying this long. */
const RESTORE_FOR_MS = 1500;

function readKept(): Map<string, number> {
  try {
    const entries: unknown = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '[]');
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries.filter(
        (e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && Number.isFinite(e[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

function keep(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify([...positions].slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused (private mode): Back still works within this page's life.
  }
}

function scrollToY(top: number): void {
  window.scrollTo({ top, behavior: 'instant' });
}

/**
 * Scrolls to `y` once the page is tall enough, for up to RESTORE_FOR_MS; the reader's own
 * scroll (wheel, touch, keys) ends the attempt. Returns a function that ends it.
 */
function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  let done = false;
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  const stop = () => {
    done = true;
    cancelAnimationFrame(frame);
    for (const e of events) window.removeEventListener(e, stop);
  };
  const step = () => {
    if (done) return;
    scrollToY(y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() > until) stop();
    else frame = requestAnimationFrame(step);
  };
  for (const e of events) window.addEventListener(e, stop, { passive: true });
  step();
  return stop;
}

/** The entry a page load starts on has no key of its own ("default"): its address stands in. */
function keyOf(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;
}

/** What a move to `location` does to the scroll position. */
function onMove(
  location: Location,
  type: NavigationType,
  same: { path: boolean; address: boolean },
  positions: Map<string, number>,
) {
  if (type === 'POP') {
    // Back, Forward or a reload: where this entry was; an entry never seen keeps the browser's place.
    const y = positions.get(keyOf(location));
    return y === undefined ? undefined : restore(y);
  }
  // A search typed into the address (?q=, replaced as it is typed) keeps the reader's place, and
  // so does an entry that only carries state for the same address (a purchase's confirmation
  // opened over the product page).
  if ((type === 'REPLACE' && same.path) || same.address) return undefined;
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else scrollToY(0);
  return undefined;
}

/** Renders nothing; mounted once inside the router (shell/app.tsx). */
export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= readKept();
  const current = useRef(keyOf(location));
  const lastPath = useRef<string | null>(null);
  const lastAddress = useRef<string | null>(null);

  useEffect(() => {
    const kept = positions.current ?? new Map<string, number>();
    // Ours, not the browser's: it would restore before the screen has drawn its content.
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // Saved as the reader scrolls, so the position is the old screen's even after a new one is drawn.
    const save = () => kept.set(current.current, window.scrollY);
    const persist = () => {
      save();
      keep(kept);
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry (its key).
  useLayoutEffect(() => {
    current.current = keyOf(location);
    const address = `${location.pathname}${location.search}${location.hash}`;
    const same = { path: lastPath.current === location.pathname, address: lastAddress.current === address };
    lastPath.current = location.pathname;
    lastAddress.current = address;
    return onMove(location, type, same, positions.current ?? new Map());
  }, [location.key]);

  return null;
}

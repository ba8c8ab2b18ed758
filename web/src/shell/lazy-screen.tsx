import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { RouteErrorBoundary } from './route-error-boundary';

let screens = 0;
/** How to start downloading the chunk of a route's element, as soon as the route matches. */
const preloads = new WeakMap<object, () => void>();

/**
 * Each screen is its own chunk, fetched as soon as its route matches (as the data router did),
 * while the session is read and the guards decide. Its own Suspense (keyed), so moving to a
 * screen not yet downloaded shows the loading state at once and ends the old screen.
 */
export function screen(load: () => Promise<{ default: ComponentType }>): ReactNode {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  const Screen = lazy(start);
  const element = (
    <Suspense key={`screen-${++screens}`} fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  preloads.set(element, () => void start().catch(() => undefined));
  return element;
}

/** A screen that throws (or whose chunk fails to download) is replaced by `fallback`, not a blank page. */
export function caught(element: ReactNode, fallback: ComponentType<{ error: unknown }>): ReactNode {
  const wrapped = <RouteErrorBoundary fallback={fallback}>{element}</RouteErrorBoundary>;
  const preload = typeof element === 'object' && element !== null ? preloads.get(element) : undefined;
  if (preload) preloads.set(wrapped, preload);
  return wrapped;
}

/** The elements of `routes` for the current location, starting the download of every matched screen. */
export function useScreens(routes: RouteObject[]) {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) {
    const element = match.route.element;
    if (typeof element === 'object' && element !== null) preloads.get(element)?.();
  }
  return useRoutes(routes);
}

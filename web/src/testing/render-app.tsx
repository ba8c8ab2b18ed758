import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Location, MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { AppProviders } from '@/shell/providers';
import { AppRoutes } from '@/shell/routes';
import { sessionStore } from '@/lib/session-store';

/** What tests read of the router: where the app is now, and a way to go elsewhere. */
export type TestRouter = {
  state: { location: Location; initialized: boolean };
  /** A path, or a step through the history (-1: Back, 1: forward). */
  navigate: (to: string | number, options?: { state?: unknown }) => Promise<void>;
};

/** Renders the whole store (providers, route table, layout) at `path`, as a browser would. */
export function renderApp(path: string) {
  let navigate: NavigateFunction | undefined;
  const router: TestRouter = {
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' }, initialized: false },
    navigate: async (to, options) => {
      if (typeof to === 'number') await navigate?.(to);
      else await navigate?.(to, options);
    },
  };
  function Probe() {
    router.state = { location: useLocation(), initialized: true };
    navigate = useNavigate();
    return null;
  }
  // The session store is module state shared by the tests of a file: start from what is stored
  // now, as a page load does, not from the previous test's session.
  void sessionStore.load();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, user, queryClient };
}

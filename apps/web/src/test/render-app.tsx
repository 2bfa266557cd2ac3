import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigationType,
  useLocation,
  useNavigationType,
} from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { createTestQueryClient } from '@/test/query-client';

/** Where the router is, read the way a data router's `router.state` reads. */
export interface RouterState {
  location: Location;
  historyAction: NavigationType;
}

function RouterStateProbe({ state }: { state: Partial<RouterState> }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  useLayoutEffect(() => {
    state.location = location;
    state.historyAction = historyAction;
  });
  return null;
}

/**
 * Renders the whole app (providers, shell, route table) at `path`, in the router mode the app
 * uses (declarative, `main.tsx`) with memory history. `router.state` tells where it is.
 */
export function renderApp(path = '/') {
  const state: Partial<RouterState> = {};
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterStateProbe state={state} />
      </MemoryRouter>
    </AppProviders>,
  );
  const router = { state: state as RouterState };
  return { ...view, router, user, queryClient };
}

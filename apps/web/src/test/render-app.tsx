import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { createRouterHandle, RouterBridge } from '@/app/router-handle';

/**
 * Renders the whole app (providers, real route tree) at a path, as a user would open it. `router` reads where the
 * app is and navigates as the browser's Back or an address typed in would.
 */
export const renderApp = (path: string) => {
  const router = createRouterHandle(() => {
    const { pathname, search, hash } = new URL(path, window.location.origin);
    return { pathname, search, hash, state: null };
  });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <RouterBridge handle={router} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
};

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

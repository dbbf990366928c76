import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { CONSOLE_PREFIX } from '@laurel/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { sessionStore } from '@/api/session-store';
import { clientRecordQuery } from '@/app/console/client-record';
import { installSessionExpiry } from '@/app/console/session-expiry';
import { preloadRoute } from '@/app/preload-route';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes, routes } from '@/app/router';
import { createRouterHandle, RouterBridge } from '@/app/router-handle';
import { installBackGuard } from '@/ui/back-guard';
import { installInertBehindModals } from '@/ui/inert-behind-modals';

const queryClient = createQueryClient();
const router = createRouterHandle(() => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: null,
}));

// The first page's code and, for a console page, the client record it waits for: asked for at once and side by
// side, rather than each after the one before has rendered. A console page without a session goes to log-in instead.
const { pathname } = window.location;
const session = sessionStore.get();
const isConsole = pathname.startsWith(CONSOLE_PREFIX);
// The request first: on HTTP/1.1 it would otherwise wait for a connection behind the page's scripts.
if (session && isConsole) void queryClient.prefetchQuery(clientRecordQuery(session.user.client_id));
if (session || !isConsole) preloadRoute(routes, pathname);

installSessionExpiry(queryClient, router);
// Before the router listens to popstate, so that an editor with unsaved edits can hold a Back (ui/back-guard.ts).
installBackGuard();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
installInertBehindModals(root);

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread for the whole tree (layout, sidebar and page), so that a click or a key press is never kept waiting.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <RouterBridge handle={router} />
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});

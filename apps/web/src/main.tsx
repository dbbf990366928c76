import { ROUTE_PATTERNS } from '@laurel/contract';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedHandler } from '@/api/http';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';

const queryClient = createQueryClient();
const router = createRouter();

// The HTTP client has already cleared the session; drop cached answers and return to log-in.
setUnauthorizedHandler(() => {
  queryClient.clear();
  void router.navigate(ROUTE_PATTERNS.logIn, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

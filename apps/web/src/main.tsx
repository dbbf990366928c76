import '@mantine/core/styles.css';
import 'mantine-datatable/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installSessionExpiry } from '@/app/console/session-expiry';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createRouter } from '@/app/router';

const queryClient = createQueryClient();
const router = createRouter();

installSessionExpiry(queryClient, router);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

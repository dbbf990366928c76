import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { PageLoader } from '@/ui/page-loader';

export const RootLayout = () => (
  <>
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
    <ScrollRestoration />
  </>
);

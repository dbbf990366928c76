import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useScrollRestoration } from '@/app/scroll-restoration';
import { PageLoader } from '@/ui/page-loader';

export const RootLayout = () => {
  useScrollRestoration();
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
};

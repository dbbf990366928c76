import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { preloadRoute } from '@/app/preload-route';

const lazyLike = () => Object.assign(() => null, { preload: vi.fn(async () => ({})) });
const Guard = ({ children }: { children: ReactNode }) => children;

describe('preloading the first page', () => {
  it('starts every lazy module of the matched routes at once, through wrappers, and nothing else', () => {
    const Layout = lazyLike();
    const Customers = lazyLike();
    const Users = lazyLike();
    const routes: RouteObject[] = [
      {
        path: '/console',
        element: (
          <Guard>
            <Layout />
          </Guard>
        ),
        children: [
          { path: '/console/customers', element: <Customers /> },
          { path: '/console/users', element: <Users /> },
        ],
      },
    ];
    preloadRoute(routes, '/console/customers');
    expect(Layout.preload).toHaveBeenCalledTimes(1);
    expect(Customers.preload).toHaveBeenCalledTimes(1);
    expect(Users.preload).not.toHaveBeenCalled();
  });

  it('leaves a path no route matches alone', () => {
    const Page = lazyLike();
    preloadRoute([{ path: '/console/users', element: <Page /> }], '/nowhere');
    expect(Page.preload).not.toHaveBeenCalled();
  });
});

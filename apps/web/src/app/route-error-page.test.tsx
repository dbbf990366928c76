import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '@/app/route-error-page';
import { createRouterHandle, RouterBridge } from '@/app/router-handle';

const Broken = () => {
  throw new Error('render failed');
};

const Tree = () => {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Routes>
        <Route path="/broken" element={<Broken />} />
        <Route path="/fine" element={<h1>Fine page</h1>} />
      </Routes>
    </RouteErrorBoundary>
  );
};

afterEach(() => vi.restoreAllMocks());

describe('a page that fails to render', () => {
  it('shows the error page, and the page asked for next once the user navigates on', async () => {
    // React reports the caught error on the console; the test reads what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createRouterHandle(() => ({ pathname: '/broken', search: '', hash: '', state: null }));
    render(
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/broken']}>
          <RouterBridge handle={router} />
          <Tree />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong!' })).toBeTruthy();
    expect(screen.getByText('The page could not be shown. Reloading usually fixes this.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    router.navigate('/fine');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fine page' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/fine'));
  });
});

import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouterHandle, RouterBridge } from '@/app/router-handle';

describe('the router handle', () => {
  it('makes a navigation asked for before the router rendered once it has', async () => {
    const router = createRouterHandle(() => ({ pathname: '/start', search: '', hash: '', state: null }));
    router.navigate('/welcome/log-in', { replace: true, state: { from: '/start' } });
    expect(router.state.location.pathname).toBe('/start');
    render(
      <MemoryRouter initialEntries={['/start']}>
        <RouterBridge handle={router} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/log-in'));
    expect(router.state.location.state).toEqual({ from: '/start' });
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveSegments } from '@/features/segments/test-server';
import { renderApp } from '@/test/render-app';

const NO_FLAGS = { read: false, create: false, update: false, delete: false };

describe('a page of an area the user holds no View flag for', () => {
  it('says so, with a way back, and asks the API for nothing of that area', async () => {
    const api = serveSegments({ role: 'AREA_MANAGER', user_permissions: { SEGMENTS: NO_FLAGS } });
    renderApp('/console/segments');
    expect(await screen.findByRole('heading', { level: 1, name: 'No access to this page' })).toBeTruthy();
    expect(screen.getByText('You do not possess permissions to perform this action.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe(
      '/console/dashboard',
    );
    expect(api.callsTo('GET /api/segments')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens for a holder of the flag', async () => {
    serveSegments({ role: 'AREA_MANAGER', user_permissions: { SEGMENTS: { ...NO_FLAGS, read: true } } });
    renderApp('/console/segments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Segments' })).toBeTruthy();
  });
});

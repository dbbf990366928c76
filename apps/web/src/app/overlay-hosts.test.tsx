import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';

const renderProviders = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <p>page</p>
    </AppProviders>,
  );

describe('modals and notifications loaded on first use', () => {
  it('a modal opened before the app rendered is shown once the provider has loaded', async () => {
    modals.open({ title: 'Signed out', children: 'Your session has expired. Please sign in again.' });
    renderProviders();
    expect(await screen.findByRole('dialog', { name: 'Signed out' })).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please sign in again.')).toBeTruthy();
  });

  it('a notification shown from the page appears', async () => {
    renderProviders();
    notifications.show({ message: 'Customer added' });
    expect(await screen.findByText('Customer added')).toBeTruthy();
  });
});

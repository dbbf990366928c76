import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveCustomers } from '@/features/customers/test-server';
import { renderApp } from '@/test/render-app';

vi.setConfig({ testTimeout: 20_000 });
const user = userEvent.setup({ delay: null });

const calendar = () => document.querySelector('[data-dates-dropdown]');

describe('Add Customer: the Birthday calendar', () => {
  it('closes on Escape and leaves the dialog and what was typed; a second Escape closes the dialog', async () => {
    serveCustomers();
    renderApp('/console/customers');
    await screen.findByText('ann@example.co.za');
    await user.click(screen.getByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ben');

    await user.click(within(dialog).getByRole('textbox', { name: 'Birthday' }));
    await waitFor(() => expect(calendar()).toBeTruthy());
    await user.keyboard('{Escape}');

    await waitFor(() => expect(calendar()).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Add Customer' })).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Ben');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Customer' })).toBeNull());
  });
});

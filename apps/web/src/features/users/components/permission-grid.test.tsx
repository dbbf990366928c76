import { PERMISSION_ACTION_LABELS } from '@laurel/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PermissionGrid } from '@/features/users/components/permission-grid';
import { defaultPermissions } from '@/features/users/user-form-values';

const renderGrid = (props: Partial<Parameters<typeof PermissionGrid>[0]> = {}) => {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <PermissionGrid value={defaultPermissions()} onChange={onChange} {...props} />
    </MantineProvider>,
  );
  return onChange;
};

describe('permission grid', () => {
  it('has a row per feature area and View, Add, Edit and Delete columns', () => {
    renderGrid();
    const table = screen.getByRole('table', { name: 'Permissions' });
    expect(Array.from(table.querySelectorAll('thead th'), (cell) => cell.textContent)).toEqual([
      'Feature',
      ...Object.values(PERMISSION_ACTION_LABELS),
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Customers',
      'Badges',
      'Challenges',
      'Statistics',
      'Segments',
      'Reward Tracks',
      'Economy',
      'Wallet',
      'Cashback',
      'XP Reward',
      'Rewards',
      'Transactions',
      'Subscriptions',
      'Orders',
      'Baskets',
      'Products',
    ]);
    expect(within(table).getAllByRole('checkbox')).toHaveLength(16 * 4);
    for (const name of ['Customers: View', 'Subscriptions: Add', 'Products: Edit', 'XP Reward: Delete']) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    }
  });

  it('maps View, Add, Edit and Delete to read, create, update and delete', async () => {
    const user = userEvent.setup();
    const onChange = renderGrid();
    await user.click(screen.getByRole('checkbox', { name: 'Customers: View' }));
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ CUSTOMERS: { read: true, create: false, update: false, delete: false } }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Badges: Add' }));
    expect(onChange.mock.lastCall?.[0].BADGES).toEqual({
      read: false,
      create: true,
      update: false,
      delete: false,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Orders: Edit' }));
    expect(onChange.mock.lastCall?.[0].ORDERS).toEqual({
      read: false,
      create: false,
      update: true,
      delete: false,
    });
    await user.click(screen.getByRole('checkbox', { name: 'Segments: Delete' }));
    expect(onChange.mock.lastCall?.[0].SEGMENTS).toEqual({
      read: false,
      create: false,
      update: false,
      delete: true,
    });
  });

  it('shows the flags it is given', () => {
    renderGrid({
      value: { ...defaultPermissions(), WALLET: { read: true, create: false, update: true, delete: false } },
    });
    expect((screen.getByRole('checkbox', { name: 'Wallet: View' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Wallet: Add' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Wallet: Edit' }) as HTMLInputElement).checked).toBe(true);
  });
});

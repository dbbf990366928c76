import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '@/app/theme';

const OPTIONS = [
  { value: 'ALL', label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'BLOCKED', label: 'Blocked' },
];

type TFilterProps = { Select: typeof import('@/ui/lazy-select').LazySelect; changes: (string | null)[] };

const Filter = ({ Select, changes }: TFilterProps) => {
  const [value, setValue] = useState<string | null>('ALL');
  return (
    <Select
      label="Status"
      data={OPTIONS}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
};

// The Select's code arrives when a test says so (`select.arrive()`), as a slow network would deliver it: after
// the click or key that asked for it, whatever the load on the machine running the tests.
const select = vi.hoisted(() => {
  const state = { arrive: () => {}, arrived: Promise.resolve() };
  const reset = () => {
    state.arrived = new Promise<void>((resolve) => {
      state.arrive = resolve;
    });
  };
  return { state, reset };
});
vi.mock('@/ui/select-code', async (importOriginal) => {
  await select.state.arrived;
  return importOriginal();
});

// A fresh module per test: the Select's code is not loaded yet, as on a page's first load.
const renderFilter = async () => {
  const { LazySelect } = await import('@/ui/lazy-select');
  const changes: (string | null)[] = [];
  render(
    <MantineProvider theme={theme} env="test">
      <Filter Select={LazySelect} changes={changes} />
    </MantineProvider>,
  );
  return changes;
};

describe('lazy select', () => {
  beforeEach(() => {
    vi.resetModules();
    select.reset();
  });

  it('shows the label, the value and a combobox before its code arrives', async () => {
    await renderFilter();
    const field = screen.getByRole('combobox', { name: 'Status' });
    expect(field).toHaveProperty('value', 'All');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-haspopup')).toBe('listbox');
  });

  it('opens its options on the click that loads it, and a choice is reported', async () => {
    const changes = await renderFilter();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Status'));
    select.state.arrive();
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    expect(changes).toEqual(['ACTIVE']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'Active');
  });

  it('keeps the focus and opens with the keyboard', async () => {
    const changes = await renderFilter();
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{ArrowDown}');
    select.state.arrive();
    await screen.findByRole('option', { name: 'Blocked' });
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Status' }));
    // The options exist only while open (the theme's Combobox keepMounted: false, so that no hidden listbox shares the
    // field's label): opening highlights none, and the first ArrowDown goes to the first option.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(changes).toEqual(['BLOCKED']);
  });
});

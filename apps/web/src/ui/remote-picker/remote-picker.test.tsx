import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RemoteMultiPicker, RemotePicker } from './remote-picker';
import type { TFetchPickerPage, TPickerOption } from './use-remote-options';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const ALL = Array.from({ length: 12 }, (_, index) => ({
  value: `p${index + 1}`,
  label: `Product ${index + 1}`,
}));

const fakeServer = () =>
  vi.fn<TFetchPickerPage>(async ({ page, size, search }) => {
    const matching = ALL.filter((option) => option.label.toLowerCase().includes(search.toLowerCase()));
    return { options: matching.slice((page - 1) * size, page * size), count: matching.length };
  });

const wrap = (children: React.ReactNode) => (
  <MantineProvider env="test">
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  </MantineProvider>
);

const Single = ({ fetchPage }: { fetchPage: TFetchPickerPage }) => {
  const [value, setValue] = useState<TPickerOption | null>(null);
  return wrap(
    <RemotePicker
      label="Product"
      queryKey={['t']}
      fetchPage={fetchPage}
      debounceMs={10}
      value={value}
      onChange={setValue}
    />,
  );
};

const Multi = ({ fetchPage }: { fetchPage: TFetchPickerPage }) => {
  const [value, setValue] = useState<TPickerOption[]>([]);
  return wrap(
    <RemoteMultiPicker
      label="Products"
      queryKey={['m']}
      fetchPage={fetchPage}
      debounceMs={10}
      value={value}
      onChange={setValue}
    />,
  );
};

describe('RemotePicker', () => {
  it('loads five at a time, the next page on scrolling to the end, and searches what was typed', async () => {
    const fetchPage = fakeServer();
    render(<Single fetchPage={fetchPage} />);
    await user.click(screen.getByRole('textbox', { name: 'Product' }));
    expect(await screen.findByRole('option', { name: 'Product 5' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Product 6' })).toBeNull();
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ page: 1, size: 5, search: '' });
    const viewport = document.querySelector('.mantine-ScrollArea-viewport');
    if (viewport) fireEvent.scroll(viewport);
    expect(await screen.findByRole('option', { name: 'Product 10' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Product' }), '11');
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Product 1' })).toBeNull());
    await user.click(await screen.findByRole('option', { name: 'Product 11' }));
    expect((screen.getByRole('textbox', { name: 'Product' }) as HTMLInputElement).value).toBe('Product 11');
  });
});

describe('RemotePicker options with a description', () => {
  it('names an option by its label alone and describes it with the description', async () => {
    const fetchPage = vi.fn<TFetchPickerPage>(async () => ({
      options: [{ value: 's1', label: 'tierGold', description: '10 players' }],
      count: 1,
    }));
    render(<Single fetchPage={fetchPage} />);
    await user.click(screen.getByRole('textbox', { name: 'Product' }));
    const option = await screen.findByRole('option', { name: 'tierGold' });
    expect(option.getAttribute('aria-label')).toBe('tierGold');
    expect(document.getElementById(option.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '10 players',
    );
  });
});

describe('RemoteMultiPicker', () => {
  it('keeps several choices as pills and removes one', async () => {
    render(<Multi fetchPage={fakeServer()} />);
    await user.click(screen.getByRole('textbox', { name: 'Products' }));
    await user.click(await screen.findByRole('option', { name: 'Product 2' }));
    await user.click(await screen.findByRole('option', { name: 'Product 3' }));
    expect(screen.getByText('Product 2', { selector: '.mantine-Pill-label' })).toBeTruthy();
    // The pill's remove button is for the mouse (Backspace removes from the keyboard).
    await user.click(document.querySelector('[aria-label="Remove Product 2"]') as HTMLElement);
    expect(screen.queryByText('Product 2', { selector: '.mantine-Pill-label' })).toBeNull();
    expect(screen.getByText('Product 3', { selector: '.mantine-Pill-label' })).toBeTruthy();
  });
});

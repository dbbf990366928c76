import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { iconLibrary } from './icon-library';
import { IconPicker, type TIconChoice } from './icon-picker';
import { searchIcons } from './icon-search';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const Harness = ({ onChange }: { onChange: (icon: TIconChoice) => void }) => {
  const [value, setValue] = useState<TIconChoice | null>(null);
  return (
    <MantineProvider env="test">
      <IconPicker
        value={value}
        onChange={(icon) => {
          setValue(icon);
          onChange(icon);
        }}
      />
    </MantineProvider>
  );
};

const renderPicker = async () => {
  const onChange = vi.fn();
  render(<Harness onChange={onChange} />);
  const grid = await screen.findByRole('listbox', { name: 'Icon library' });
  return { onChange, grid };
};

const options = () => within(screen.getByRole('listbox', { name: 'Icon library' })).getAllByRole('option');
const search = () => screen.getByRole('textbox', { name: 'Search icons' });

describe('searchIcons', () => {
  it('matches names and aliases ignoring case, names that start with the query first', () => {
    const names = searchIcons(iconLibrary.icons, 'STAR').map((icon) => icon.name);
    expect(names).toContain('star');
    expect(names).toContain('face-grin-stars');
    expect(names.indexOf('star')).toBeLessThan(names.indexOf('face-grin-stars'));
    // 'coffee' is the older name of 'mug-saucer'.
    expect(searchIcons(iconLibrary.icons, 'Coffee').map((icon) => icon.name)).toContain('mug-saucer');
    expect(searchIcons(iconLibrary.icons, '  ')).toBe(iconLibrary.icons);
  });

  it('finds an icon by its name or alias, only in the solid set', () => {
    expect(iconLibrary.find('mug-hot', 'fas')?.name).toBe('mug-hot');
    expect(iconLibrary.find('coffee', null)?.name).toBe('mug-saucer');
    expect(iconLibrary.find('mug-hot', 'fab')).toBeUndefined();
    expect(iconLibrary.find('no-such-icon')).toBeUndefined();
  });
});

describe('IconPicker', () => {
  it('shows 120 icons a page and adds the next page as the grid scrolls to its end', async () => {
    await renderPicker();
    const total = iconLibrary.icons.length;
    expect(total).toBeGreaterThan(240);
    expect(options()).toHaveLength(120);
    expect(
      screen.getByText(`${total.toLocaleString('en-US')} icons · showing 120, scroll for more`),
    ).toBeTruthy();
    const viewport = screen.getByRole('listbox', { name: 'Icon library' }).parentElement as HTMLElement;
    fireEvent.scroll(viewport);
    await waitFor(() => expect(options()).toHaveLength(240));
    await user.click(screen.getByRole('button', { name: 'Show more icons' }));
    expect(options()).toHaveLength(360);
  });

  it('searches case-insensitively, back to the first page, and says when nothing matches', async () => {
    await renderPicker();
    fireEvent.scroll(screen.getByRole('listbox', { name: 'Icon library' }).parentElement as HTMLElement);
    await waitFor(() => expect(options()).toHaveLength(240));
    await user.type(search(), 'TroPHY');
    await waitFor(() => expect(options().length).toBeLessThan(10));
    expect(options()[0]?.getAttribute('aria-label')).toBe('trophy');
    expect(screen.queryByRole('button', { name: 'Show more icons' })).toBeNull();
    await user.clear(search());
    await user.type(search(), 'zzqx');
    expect(await screen.findByText("No icons match 'zzqx'.")).toBeTruthy();
    await user.clear(search());
    await waitFor(() => expect(options()).toHaveLength(120));
  });

  it('chooses an icon by click or from the keyboard and marks it selected', async () => {
    const { onChange } = await renderPicker();
    await user.type(search(), 'mug');
    await user.click(await screen.findByRole('option', { name: 'mug-hot' }));
    expect(onChange).toHaveBeenLastCalledWith({ name: 'mug-hot', prefix: 'fas' });
    expect(screen.getByRole('option', { name: 'mug-hot' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Selected icon:')).toBeTruthy();

    const first = options()[0] as HTMLElement;
    first.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(document.activeElement).toBe(options()[1]));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({
      name: options()[1]?.getAttribute('aria-label'),
      prefix: 'fas',
    });
  });
});

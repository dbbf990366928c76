import { CURRENCY_SYMBOLS, type TRegionalSettings } from '@laurel/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RegionalSettingsForm } from '@/features/settings/components/regional-settings-form';

const renderForm = (initialValues: TRegionalSettings = { time_zone: 'UTC', currency_symbol: 'R' }) => {
  const onSubmit = vi.fn();
  const view = render(
    <MantineProvider env="test">
      <RegionalSettingsForm initialValues={initialValues} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, ...view };
};

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const timeZone = () => screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
const currencySymbol = () => screen.getByRole('combobox', { name: 'Currency symbol' }) as HTMLInputElement;

describe('regional settings form', () => {
  it('shows the saved values; Save waits for a change and sends both values', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    expect(screen.getByRole('heading', { name: 'Regional settings' })).toBeTruthy();
    expect(timeZone().value).toBe('UTC');
    expect(currencySymbol().value).toBe('R (ZAR)');
    expect(
      screen.getByText('Day boundaries, statistic resets and the dashboard follow it from now on.'),
    ).toBeTruthy();
    expect(save().disabled).toBe(true);

    await user.click(timeZone());
    await user.clear(timeZone());
    await user.type(timeZone(), 'Johannes');
    await user.click(await screen.findByRole('option', { name: 'Africa/Johannesburg' }));
    expect(timeZone().value).toBe('Africa/Johannesburg');
    expect(save().disabled).toBe(false);

    await user.click(currencySymbol());
    await user.click(await screen.findByRole('option', { name: '€ (EUR)' }));
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith({ time_zone: 'Africa/Johannesburg', currency_symbol: '€' });
  });

  it('offers the 22 currency symbols; choosing the saved values again disables Save', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm({ time_zone: 'Africa/Johannesburg', currency_symbol: '$' });
    await user.click(currencySymbol());
    expect(await screen.findAllByRole('option')).toHaveLength(CURRENCY_SYMBOLS.length);
    expect(CURRENCY_SYMBOLS).toHaveLength(22);
    await user.click(screen.getByRole('option', { name: 'R (ZAR)' }));
    expect(save().disabled).toBe(false);
    await user.click(currencySymbol());
    await user.click(await screen.findByRole('option', { name: '$ (USD)' }));
    expect(save().disabled).toBe(true);
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('starts again from new saved values, and keeps a saved zone this browser does not list', () => {
    const { rerender } = renderForm();
    rerender(
      <MantineProvider env="test">
        <RegionalSettingsForm
          initialValues={{ time_zone: 'Asia/Kolkata', currency_symbol: '₹' }}
          onSubmit={vi.fn()}
        />
      </MantineProvider>,
    );
    expect(timeZone().value).toBe('Asia/Kolkata');
    expect(currencySymbol().value).toBe('₹ (INR)');
    expect(save().disabled).toBe(true);
  });
});

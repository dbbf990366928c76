import { PRIVACY_MESSAGES } from '@laurel/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PrivacySettingsForm } from '@/features/settings/components/privacy-settings-form';

const renderForm = (initialDays: number | null) => {
  const onSubmit = vi.fn();
  const view = render(
    <MantineProvider env="test">
      <PrivacySettingsForm initialDays={initialDays} onSubmit={onSubmit} />
    </MantineProvider>,
  );
  return { onSubmit, ...view };
};

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const days = () => screen.getByRole('textbox', { name: 'Days to keep payloads' });

describe('privacy settings form', () => {
  it('keeps payloads forever by default; Save waits for a change', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(null);
    expect(screen.getByRole('radio', { name: 'Forever' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('textbox', { name: 'Days to keep payloads' })).toBeNull();
    expect(save().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'For a number of days' }));
    expect(days()).toHaveProperty('value', '365');
    expect(save().disabled).toBe(false);
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(365);
  });

  it('refuses a number of days out of range, and saves forever again', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm(90);
    expect(days()).toHaveProperty('value', '90');
    await user.clear(days());
    await user.type(days(), '0');
    expect(screen.getByText(PRIVACY_MESSAGES.retentionRange)).toBeTruthy();
    expect(save().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Forever' }));
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith(null);
  });
});

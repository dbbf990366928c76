import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationSettingsForm } from '@/features/settings/components/notification-settings-form';
import type { TNotificationValues } from '@/features/settings/notification-values';

const OFF: TNotificationValues = { enabled: false, returns_email_address: '' };

const renderForm = (props: Partial<Parameters<typeof NotificationSettingsForm>[0]> = {}) => {
  const handlers = { onEdit: vi.fn(), onCancel: vi.fn(), onSubmit: vi.fn() };
  const view = render(
    <MantineProvider env="test">
      <NotificationSettingsForm initialValues={OFF} editing={false} {...handlers} {...props} />
    </MantineProvider>,
  );
  return { ...handlers, ...view };
};

const address = () => screen.getByRole('textbox', { name: /Email Address/ });

describe('email notification form', () => {
  it('read-only: shows the saved values, ignores changes and offers Edit', async () => {
    const { onEdit } = renderForm({ initialValues: { enabled: true, returns_email_address: 'a@b.co.za' } });
    const user = userEvent.setup();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
    await user.type(address(), 'x');
    expect(address()).toHaveProperty('value', 'a@b.co.za');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('editing: Done hands over valid values only', async () => {
    const { onSubmit } = renderForm({ editing: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    expect(screen.getByText('Email Address is required when email notifications are on.')).toBeTruthy();
    await user.type(address(), 'not-an-address');
    expect(screen.getByText('Email Address must be a valid email address')).toBeTruthy();
    await user.clear(address());
    await user.type(address(), 'returns@beanthere.co.za');
    await user.click(done);
    expect(onSubmit).toHaveBeenCalledWith({
      enabled: true,
      returns_email_address: 'returns@beanthere.co.za',
    });
  });

  it('editing with notifications off needs no address', async () => {
    const { onSubmit } = renderForm({ editing: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    expect(onSubmit).toHaveBeenCalledWith(OFF);
  });

  it('while saving nothing can be changed', () => {
    renderForm({ editing: true, disabled: true });
    expect(address()).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
  });
});

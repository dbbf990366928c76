import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpgradeModal } from '@/ui/upgrade-modal';

const renderModal = (props: Partial<Parameters<typeof UpgradeModal>[0]> = {}) => {
  const onCancel = vi.fn();
  const onContinue = vi.fn();
  render(
    <MantineProvider env="test">
      <UpgradeModal opened onCancel={onCancel} onContinue={onContinue} {...props} />
    </MantineProvider>,
  );
  return { onCancel, onContinue };
};

describe('upgrade modal', () => {
  it('asks to upgrade with Cancel and Yes, Continue', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Please upgrade your subscription to access this feature');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes, Continue' })).toBeTruthy();
  });

  it('reports each choice', async () => {
    const { onCancel, onContinue } = renderModal();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yes, Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when closed', () => {
    renderModal({ opened: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

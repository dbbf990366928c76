import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { openConfirmModal } from '@/ui/confirm-modal';

const TITLE = 'Delete Espresso?';

/**
 * The app's providers, with Mantine's transitions on (`env: 'default'`) or off (`'test'`), and a question asked.
 * With them on, the dialog stays on screen while it closes, as in a browser.
 */
const ask = async (env: 'default' | 'test') => {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()} env={env}>
      <main />
    </AppProviders>,
  );
  act(() => {
    openConfirmModal({ title: TITLE, text: 'Espresso is deleted for good.', onConfirm, onClose });
  });
  const dialog = within(await screen.findByRole('dialog', { name: TITLE }));
  return {
    onConfirm,
    onClose,
    confirm: dialog.getByRole('button', { name: 'Delete' }),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
  };
};

describe('a confirm dialog', () => {
  it('runs its action once for a double-click, both clicks before React re-renders', async () => {
    const { onConfirm, onClose, confirm } = await ask('test');
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs its action once for a second click on the dialog while it closes', async () => {
    const { onConfirm, onClose, confirm } = await ask('default');
    fireEvent.click(confirm);
    // Re-rendered as closing, still on screen.
    expect(confirm.isConnected).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.isConnected).toBe(false));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not run its action for a click on it after Cancel, while the dialog closes', async () => {
    const { onConfirm, onClose, confirm, cancel } = await ask('default');
    fireEvent.click(cancel);
    expect(confirm.isConnected).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.isConnected).toBe(false));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs its action again when asked again', async () => {
    const { onConfirm, confirm } = await ask('test');
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    act(() => {
      openConfirmModal({ title: TITLE, text: 'Espresso is deleted for good.', onConfirm });
    });
    const again = within(await screen.findByRole('dialog', { name: TITLE }));
    fireEvent.click(again.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});

import { ActionIcon, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyTooltip } from '@/ui/lazy-tooltip';

describe('lazy tooltip', () => {
  it('shows its label on the hover that loads it, and keeps the button working', async () => {
    const onClick = vi.fn();
    render(
      <MantineProvider env="test">
        <LazyTooltip label="Block">
          <ActionIcon aria-label="Block Ada Lovelace" onClick={onClick}>
            B
          </ActionIcon>
        </LazyTooltip>
      </MantineProvider>,
    );
    const user = userEvent.setup();
    expect(screen.queryByText('Block')).toBeNull();
    await user.hover(screen.getByRole('button', { name: 'Block Ada Lovelace' }));
    expect(await screen.findByText('Block')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Block Ada Lovelace' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

import { MantineProvider, Table } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';

describe('theme', () => {
  it("positions every table's native scroller, so that absolute content inside it cannot widen the page", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Table.ScrollContainer minWidth={600} type="native" data-testid="scroller">
          <Table />
        </Table.ScrollContainer>
      </MantineProvider>,
    );
    expect(getComputedStyle(screen.getByTestId('scroller')).position).toBe('relative');
  });
});

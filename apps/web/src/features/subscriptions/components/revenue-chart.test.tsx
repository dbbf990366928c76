import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RevenueChart } from './revenue-chart';

const POINTS = [
  { date: '2026-02-01', revenue: 598, cumulative: 598 },
  { date: '2026-02-02', revenue: 0, cumulative: 598 },
  { date: '2026-02-03', revenue: 598, cumulative: 1196 },
];

describe('revenue chart', () => {
  it('names the revenue to date, draws its line and shows a day under the pointer', () => {
    render(
      <MantineProvider env="test">
        <RevenueChart points={POINTS} symbol="R" />
      </MantineProvider>,
    );
    const chart = screen.getByRole('img', { name: 'Revenue to date: R 1,196.00 on 3 Feb 2026' });
    expect(chart.querySelectorAll('path')).toHaveLength(2);
    // The value axis: 0 to a round top above R 1,196.
    expect(chart.textContent).toContain('R 0.00');
    expect(chart.textContent).toContain('R 1,500.00');
    const plot = chart.querySelector('svg')?.parentElement as HTMLElement;
    vi.spyOn(plot, 'getBoundingClientRect').mockReturnValue({ left: 0, width: 200 } as DOMRect);
    // The middle of the plot is the second day: R 598 to date.
    fireEvent.pointerMove(plot, { clientX: 100 });
    expect(chart.textContent).toContain('R 598.00');
    fireEvent.pointerLeave(plot);
    expect(chart.textContent).not.toContain('R 598.00');
  });
});

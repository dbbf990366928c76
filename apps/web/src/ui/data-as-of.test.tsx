import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dataAsOfStore } from '@/api/data-as-of';
import { DataAsOf, formatDataAsOf, REPLICA_NOTE } from '@/ui/data-as-of';

const DASHBOARD = { path: '/dashboard' };

const renderLine = () =>
  render(
    <MantineProvider env="test">
      <DataAsOf endpoint={DASHBOARD} />
    </MantineProvider>,
  );

/** Today at 14:03:27 local time, whatever day the test runs. */
const todayAt = () => {
  const date = new Date();
  date.setHours(14, 3, 27, 0);
  return date;
};

describe('DataAsOf', () => {
  afterEach(() => dataAsOfStore.clear());

  it("shows nothing while the endpoint's last answer came from the primary", () => {
    dataAsOfStore.record('/transactions/economy', todayAt().toISOString());
    renderLine();
    expect(screen.queryByText(/Data as of/)).toBeNull();
  });

  it('says when the replica read was as of, with seconds, and why, in text and on hover', () => {
    const asOf = todayAt();
    dataAsOfStore.record('/dashboard', asOf.toISOString());
    renderLine();
    const line = screen.getByText(/Data as of/);
    const time = line.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(asOf.toISOString());
    expect(time?.textContent).toBe(
      asOf.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
    expect(time?.textContent).toMatch(/03.27/);
    // Read by assistive technology after the time; not colour alone, and a title for the pointer.
    expect(line.textContent).toContain(REPLICA_NOTE);
    expect(line.closest(`[title="${REPLICA_NOTE}"]`)).not.toBeNull();
  });

  it('follows the next answer: a newer instant replaces it, an answer from the primary hides it', () => {
    dataAsOfStore.record('/dashboard', todayAt().toISOString());
    renderLine();
    const later = new Date(todayAt().getTime() + 5_000);
    act(() => dataAsOfStore.record('/dashboard', later.toISOString()));
    expect(screen.getByText(/Data as of/).querySelector('time')?.textContent).toMatch(/03.32/);
    act(() => dataAsOfStore.record('/dashboard', null));
    expect(screen.queryByText(/Data as of/)).toBeNull();
  });

  it('gives the date too when the instant is not of today', () => {
    const now = new Date(2026, 10, 29, 9, 0, 0);
    const yesterday = new Date(2026, 10, 28, 23, 59, 58);
    expect(formatDataAsOf(new Date(2026, 10, 29, 8, 59, 57), now)).not.toMatch(/2026/);
    const text = formatDataAsOf(yesterday, now);
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/28/);
    expect(text).toMatch(/59.58/);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COFFEE,
  IMAGE_URL,
  listReply,
  MUG,
  MUG_ID,
  rewardFixture,
  serveRewards,
  VOUCHERS,
} from '@/features/rewards/test-server';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openList = async () => {
  const view = renderApp('/console/rewards');
  await screen.findByRole('heading', { level: 1, name: 'Rewards' });
  await screen.findByText('Free Coffee');
  return view;
};

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row as HTMLElement;
};
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const choose = async (name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('rewards list', () => {
  it('shows image, name, type, cost with the currency code, stock left, redemptions and status', async () => {
    serveRewards();
    await openList();
    expect(document.title).toBe('Rewards');
    expect(screen.getByRole('link', { name: 'Add Reward' }).getAttribute('href')).toBe('/console/reward');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Image',
      'Name',
      'Type',
      'Cost',
      'Stock Left',
      'Redemptions',
      'Status',
    ]);
    expect(cells('Free Coffee').slice(1)).toEqual([
      'Free Coffee',
      'Coupon',
      '250 BC',
      'Unlimited',
      '12',
      'Active',
    ]);
    expect(cells('Branded Mug').slice(1)).toEqual([
      'Branded Mug',
      'Physical item',
      '1,200 BC',
      '0',
      '50',
      'Out of stock',
    ]);
    expect(cells('Partner Voucher').slice(1)).toEqual([
      'Partner Voucher',
      'Coupon',
      '800 BC',
      '7',
      '93',
      // When it opens, under its status.
      'Scheduledfrom 1 Dec 2026',
    ]);
    expect(within(rowOf('Branded Mug')).getByRole('img', { name: 'Branded Mug' }).getAttribute('src')).toBe(
      IMAGE_URL,
    );
  });

  it('cuts a long name short on one line, keeping the whole name for the pointer', async () => {
    const name = `${'Complimentary seasonal pastry with any large coffee '.repeat(2)}at every branch`;
    serveRewards({}, { 'GET /api/rewards': () => listReply([COFFEE, rewardFixture({ _id: MUG_ID, name })]) });
    await openList();
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('title')).toBe(name);
    // happy-dom lays nothing out: the cell's own rules are checked, a width it may not pass and the ellipsis.
    const cell = link.closest('td') as HTMLElement;
    expect(cell.style.maxWidth).toBe('240px');
    expect(cell.className).toMatch(/ellipsis/);
  });

  it('filters by status and type and searches by name, all sent to the server', async () => {
    const api = serveRewards();
    const { router } = await openList();
    await choose('Status', 'Out of stock');
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) => call.url.includes('status=Out+of+stock') || call.url.includes('status=Out%20of%20stock'),
        ),
      ).toBe(true),
    );
    await choose('Type', 'Physical item');
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('type=physical'))).toBe(true));
    await user.type(screen.getByRole('textbox', { name: 'Search rewards' }), 'mug');
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('search_string=mug'))).toBe(true));
    const last = api.callsTo('GET /api/rewards').at(-1)?.url ?? '';
    expect(last).toContain('type=physical');
    expect(last).toContain('search_string=mug');
    expect(router.state.location.search).toContain('type=physical');
  });

  it('opens a reward from its row', async () => {
    serveRewards();
    const { router } = await openList();
    await user.click(within(rowOf('Branded Mug')).getByText('Physical item'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/reward/${MUG_ID}`));
  });

  it("says 'This table is empty.' when there is no reward", async () => {
    serveRewards({}, { 'GET /api/rewards': () => listReply([]) });
    renderApp('/console/rewards');
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
  });

  it('shows no Add Reward to a manager who may only view rewards', async () => {
    const view = { read: true, create: false, update: false, delete: false };
    serveRewards(
      { role: 'AREA_MANAGER', user_permissions: { REWARDS: view } },
      { 'GET /api/rewards': () => listReply([COFFEE, MUG, VOUCHERS]) },
    );
    await openList();
    expect(screen.queryByRole('link', { name: 'Add Reward' })).toBeNull();
  });
});

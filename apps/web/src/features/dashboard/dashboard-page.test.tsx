import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';
import { dashboardFixture, EAST, NORTH, SOUTH, serveDashboard } from './test-server';

const user = userEvent.setup({ delay: null });

const openDashboard = async (path = '/console/dashboard') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Thandi' });
  return view;
};

/** A tile's figure and change line, as its text reads. */
const tileText = async (label: string) => {
  const tile = await screen.findByRole('group', { name: label });
  await waitFor(() => expect(tile.getAttribute('aria-busy')).toBeNull());
  return tile.textContent?.replace(label, '');
};

/** A native select's options and its chosen option, as they read. */
const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((option) => option.textContent);
const chosen = (select: HTMLElement | undefined) => {
  const native = select as HTMLSelectElement;
  return native.options[native.selectedIndex]?.textContent;
};

const dashboardUrls = (api: ReturnType<typeof serveDashboard>) =>
  api.callsTo('GET /api/dashboard').map((call) => call.url);

describe('dashboard', () => {
  it('welcomes the user and shows each figure with its change against the previous period', async () => {
    const api = serveDashboard();
    await openDashboard();
    expect(document.title).toBe('Dashboard');
    expect(await tileText('Daily Active Users')).toBe('12.5+12.6% vs previous period');
    expect(await tileText('Monthly Active Users')).toBe('1,234-11.9% vs previous period');
    expect(await tileText('Challenges Completed')).toBe('80.0% vs previous period');
    expect(await tileText('Badges Earned')).toBe('3No previous data');
    expect(await tileText('Transaction Revenue')).toBe('R 12,345.50+23.5% vs previous period');
    expect(await tileText('Paying Players')).toBe('40+25.0% vs previous period');
    const arrows = [...document.querySelectorAll('[data-stat-change]')].map((el) =>
      el.getAttribute('data-stat-change'),
    );
    expect(arrows).toEqual(['up', 'down', 'flat', 'none', 'up', 'up']);
    expect(
      screen.getByText(
        '1 Mar 2026 – 26 Mar 2026, compared with 1 Feb 2026 – 28 Feb 2026 (Africa/Johannesburg)',
      ),
    ).toBeTruthy();
    // An admin sees every branch at first: no branch is sent.
    expect(dashboardUrls(api)).toEqual(['/api/dashboard?period=current_month']);
    expect(api.callsTo('POST /api/v2/client/filtered/branch/list')[0]?.body).toEqual({
      page: 1,
      size: 100,
      is_dashboard_request: true,
    });
  });

  it('shows revenue in the client’s currency symbol', async () => {
    serveDashboard(
      {},
      {
        replies: {
          'GET /api/v2/client': () =>
            ok({ _id: 'b'.repeat(24), currency_symbol: '$', clientSubscription: { name: 'STARTER' } }),
        },
      },
    );
    await openDashboard();
    expect(await tileText('Transaction Revenue')).toBe('$ 12,345.50+23.5% vs previous period');
  });

  it('asks for the chosen period and branch and keeps them in the address for a reload', async () => {
    const api = serveDashboard();
    const { router } = await openDashboard();
    await tileText('Paying Players');
    const period = screen.getByRole('combobox', { name: 'Period' });
    expect(optionsOf(period)).toEqual(['Current Month', 'Last Month', 'Last 30 Days', 'Last 90 Days']);
    await user.selectOptions(period, 'Last Month');
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    await waitFor(() => expect(optionsOf(branch)).toEqual(['All branches', 'North', 'South']));
    await user.selectOptions(branch, 'South');
    await waitFor(() =>
      expect(dashboardUrls(api).at(-1)).toBe(`/api/dashboard?period=previous_month&branch_id=${SOUTH._id}`),
    );
    expect(router.state.location.search).toBe(`?period=previous_month&branch=${SOUTH._id}`);

    // A reload at that address shows the same filters and asks for the same figures.
    const reloaded = serveDashboard();
    renderApp(`/console/dashboard?period=90&branch=${SOUTH._id}`);
    await waitFor(() =>
      expect(dashboardUrls(reloaded)).toContain(`/api/dashboard?period=90&branch_id=${SOUTH._id}`),
    );
    expect(chosen(screen.getAllByRole('combobox', { name: 'Period' }).at(-1))).toBe('Last 90 Days');
    await waitFor(() =>
      expect(chosen(screen.getAllByRole('combobox', { name: 'Branch' }).at(-1))).toBe('South'),
    );
  });

  it('gives a manager only their branches, the first chosen, and never every branch', async () => {
    const api = serveDashboard(
      { role: 'AREA_MANAGER', manager_of: [NORTH._id, EAST._id] },
      { branches: [NORTH, EAST] },
    );
    await openDashboard();
    await tileText('Paying Players');
    expect(dashboardUrls(api)).toEqual([`/api/dashboard?period=current_month&branch_id=${NORTH._id}`]);
    expect(api.callsTo('POST /api/v2/client/filtered/branch/list')[0]?.body).toEqual({
      page: 1,
      size: 100,
      is_dashboard_request: true,
      branch_id_list: [NORTH._id, EAST._id],
    });
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    expect(chosen(branch)).toBe('North');
    expect(optionsOf(branch)).toEqual(['North', 'East']);
    await user.selectOptions(branch, 'East');
    await waitFor(() => expect(dashboardUrls(api).at(-1)).toContain(`branch_id=${EAST._id}`));
  });

  it('gives a manager their first branch when the address names one that is not theirs', async () => {
    const api = serveDashboard({ role: 'BRANCH_MANAGER', manager_of: [EAST._id] }, { branches: [EAST] });
    await openDashboard(`/console/dashboard?branch=${SOUTH._id}`);
    await tileText('Paying Players');
    expect(dashboardUrls(api)).toEqual([`/api/dashboard?period=current_month&branch_id=${EAST._id}`]);
  });

  it('tells a manager without a branch that there is nothing to show, without asking for figures', async () => {
    const api = serveDashboard({ role: 'BRANCH_MANAGER', manager_of: [] }, { branches: [] });
    await openDashboard();
    expect(await screen.findByText('No branch to show')).toBeTruthy();
    expect(dashboardUrls(api)).toEqual([]);
  });

  it('gives each tier chart a table of its seven weekday values, in the server’s order', async () => {
    serveDashboard();
    await openDashboard();
    const tables = await screen.findAllByRole('table');
    expect(tables.map((table) => table.querySelector('caption')?.textContent)).toEqual([
      'Bronze: active players by weekday',
      'Silver: active players by weekday',
      'Gold: active players by weekday',
      'Platinum: active players by weekday',
      'Diamond: active players by weekday',
    ]);
    const bronze = screen.getByRole('table', { name: 'Bronze: active players by weekday' });
    expect(
      within(bronze)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu']);
    expect(
      within(bronze)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '8', '2', '0', '1', '3', '4']);
    expect(screen.getByRole('figure', { name: 'Bronze' }).textContent).toContain('23 player-days');
    expect(screen.getByRole('figure', { name: 'Diamond' }).textContent).toContain('1 player-day');
    expect(screen.getByRole('figure', { name: 'Diamond' }).textContent).not.toContain('player-days');
    expect(screen.getByRole('figure', { name: 'Gold' }).textContent).toContain(
      'No Gold player was active in this period.',
    );
  });

  it('keeps the whole dashboard, in zeros, under a banner on how to send the first event', async () => {
    const zero = { value: 0, previous: 0, change_percent: null };
    const fixture = dashboardFixture();
    serveDashboard(
      {},
      {
        replies: {
          'GET /api/dashboard': () =>
            ok(
              dashboardFixture({
                has_activity: false,
                figures: {
                  daily_active_users: zero,
                  monthly_active_users: zero,
                  challenges_completed: zero,
                  badges_earned: zero,
                  transaction_revenue: zero,
                  paying_players: zero,
                },
                tier_weekdays: {
                  weekdays: fixture.tier_weekdays.weekdays,
                  tiers: fixture.tier_weekdays.tiers.map(({ tier }) => ({
                    tier,
                    counts: [0, 0, 0, 0, 0, 0, 0],
                  })),
                },
              }),
            ),
        },
      },
    );
    await openDashboard();
    const banner = await screen.findByRole('region', { name: 'No activity yet' });
    expect(within(banner).getByRole('heading', { name: 'No activity yet' })).toBeTruthy();
    expect(
      within(banner).getByText(
        'The dashboard fills in as your tills, shop and app send events. Create an API key under Settings → Integrations and send your first event.',
      ),
    ).toBeTruthy();
    expect(
      within(banner).getByRole('link', { name: 'Open Settings → Integrations' }).getAttribute('href'),
    ).toBe('/console/settings/integrations');
    // The banner comes before the figures.
    const tile = await screen.findByRole('group', { name: 'Daily Active Users' });
    expect(banner.compareDocumentPosition(tile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    expect(optionsOf(screen.getByRole('combobox', { name: 'Period' }))).toEqual([
      'Current Month',
      'Last Month',
      'Last 30 Days',
      'Last 90 Days',
    ]);
    await waitFor(() =>
      expect(optionsOf(screen.getByRole('combobox', { name: 'Branch' }))).toEqual([
        'All branches',
        'North',
        'South',
      ]),
    );
    expect(await tileText('Daily Active Users')).toBe('0.0No previous data');
    expect(await tileText('Monthly Active Users')).toBe('0No previous data');
    expect(await tileText('Challenges Completed')).toBe('0No previous data');
    expect(await tileText('Badges Earned')).toBe('0No previous data');
    expect(await tileText('Transaction Revenue')).toBe('R 0.00No previous data');
    expect(await tileText('Paying Players')).toBe('0No previous data');

    // Each tier: an empty chart with its note, and its table of seven zeros.
    for (const tier of ['Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond']) {
      const chart = screen.getByRole('figure', { name: tier });
      expect(chart.textContent).toContain(`No ${tier} player was active in this period.`);
      expect(chart.querySelector('[data-weekday-chart]')).toBeTruthy();
      expect(chart.querySelectorAll('[data-bar]')).toHaveLength(0);
      const table = within(chart).getByRole('table', { name: `${tier}: active players by weekday` });
      expect(
        within(table)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['0', '0', '0', '0', '0', '0', '0']);
    }
  });

  it('draws a bar for each weekday with players, and no banner once there is activity', async () => {
    serveDashboard();
    await openDashboard();
    const bronze = await screen.findByRole('figure', { name: 'Bronze' });
    // Fri 5, Sat 8, Sun 2, Mon 0, Tue 1, Wed 3, Thu 4: six bars, the highest (8) at the top of a 0-8 axis.
    const bars = [...bronze.querySelectorAll<HTMLElement>('[data-bar]')];
    expect(bars.map((bar) => bar.dataset.bar)).toEqual(['Fri', 'Sat', 'Sun', 'Tue', 'Wed', 'Thu']);
    expect(bars.map((bar) => bar.style.height)).toEqual(['62.5%', '100%', '25%', '12.5%', '37.5%', '50%']);
    expect(screen.queryByRole('region', { name: 'No activity yet' })).toBeNull();
  });

  it('shows the spec’s title when the branch list fails', async () => {
    serveDashboard(
      {},
      { replies: { 'POST /api/v2/client/filtered/branch/list': () => fail(400, 'Branches are resting') } },
    );
    renderApp('/console/dashboard');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Something went wrong fetching dashboard branch list!')).toBeTruthy();
    expect(within(dialog).getByText('Branches are resting')).toBeTruthy();
  });

  it('opens the message modal and offers a retry when the figures fail to load', async () => {
    const api = serveDashboard(
      {},
      { replies: { 'GET /api/dashboard': () => fail(400, 'Figures are resting') } },
    );
    renderApp('/console/dashboard');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Figures are resting')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET /api/dashboard')).toHaveLength(2));
  });
});

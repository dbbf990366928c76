import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  LOGINS,
  listReply,
  STAMPS,
  STAMPS_ID,
  serveStatistics,
  statisticFixture,
} from '@/features/statistics/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

// Whole-app renders: the lazy console and page chunks take their time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openStatistics = async (path = '/console/statistics') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Statistics' });
  return view;
};

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

describe('statistics list', () => {
  it('shows the columns, the short id, the System marker, and asks for page 1 of 15', async () => {
    const api = serveStatistics();
    await openStatistics();
    expect(document.title).toBe('Statistics');
    const stamps = await rowOf('coffeeStamps');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'ID',
      'Name',
      'Aggregation Method',
      'Reset Interval',
      'Version',
      'Created Date',
      'Actions',
    ]);
    expect(within(stamps).getByText(STAMPS_ID.slice(0, 8))).toBeTruthy();
    expect(within(stamps).getByText('Sum')).toBeTruthy();
    expect(within(stamps).getByText('Manual')).toBeTruthy();
    expect(within(stamps).getByText('2')).toBeTruthy();
    expect(within(stamps).getByText('1 Mar 2025')).toBeTruthy();
    expect(within(stamps).queryByText('System')).toBeNull();
    expect(within(await rowOf('numberOfLogins')).getByText('System')).toBeTruthy();
    const [list] = api.callsTo('GET /api/statistics');
    expect(list?.url).toBe('/api/statistics?page=1&size=15');
    expect(list?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it("says 'No statistics found.' when there are none", async () => {
    serveStatistics({}, { 'GET /api/statistics': () => listReply([]) });
    await openStatistics();
    expect(await screen.findByText('No statistics found.')).toBeTruthy();
  });

  it('sends the search once typing pauses and returns to page 1', async () => {
    const api = serveStatistics();
    await openStatistics('/console/statistics?page=2');
    await user.type(screen.getByRole('textbox', { name: 'Search statistics' }), 'coffee');
    await waitFor(() =>
      expect(api.callsTo('GET /api/statistics').at(-1)?.url).toBe(
        '/api/statistics?page=1&size=15&search=coffee',
      ),
    );
  });

  it('opens a statistic on row click and the create page from Add Statistic', async () => {
    serveStatistics();
    const { router } = await openStatistics();
    await user.click(within(await rowOf('coffeeStamps')).getByText('Sum'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/statistic/${STAMPS_ID}`));
    await user.click(await screen.findByRole('button', { name: 'Back to Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Add Statistic' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/statistic'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Statistic' })).toBeTruthy();
  });

  it('shows the spec title with the server message when the list fails', async () => {
    serveStatistics({}, { 'GET /api/statistics': () => fail(400, 'size must be between 1 and 100') });
    await openStatistics();
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your statistics!',
    });
    expect(within(modal).getByText('size must be between 1 and 100')).toBeTruthy();
  });
});

describe('statistics list actions', () => {
  it('offers no delete or reset for a system statistic', async () => {
    serveStatistics();
    await openStatistics();
    const logins = await rowOf('numberOfLogins');
    expect(within(logins).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(logins).queryByRole('button', { name: /Reset/ })).toBeNull();
    const stamps = await rowOf('coffeeStamps');
    expect(within(stamps).getByRole('button', { name: 'Delete coffeeStamps' })).toBeTruthy();
    expect(within(stamps).getByRole('button', { name: 'Reset coffeeStamps' })).toBeTruthy();
  });

  it('deletes after the confirmation and says so', async () => {
    let deleted = false;
    const api = serveStatistics(
      {},
      {
        'GET /api/statistics': () => listReply(deleted ? [LOGINS] : [STAMPS, LOGINS]),
        [`DELETE /api/statistics/${STAMPS_ID}`]: () => {
          deleted = true;
          return ok(STAMPS);
        },
      },
    );
    await openStatistics();
    await user.click(
      within(await rowOf('coffeeStamps')).getByRole('button', { name: 'Delete coffeeStamps' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: "Confirm deletion of 'coffeeStamps' statistic",
    });
    expect(within(confirm).getByText(/permanently remove it and every player's value of it/)).toBeTruthy();
    expect(api.callsTo(`DELETE /api/statistics/${STAMPS_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Statistic deleted successfully!')).toBeTruthy();
    expect(api.callsTo(`DELETE /api/statistics/${STAMPS_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'coffeeStamps' })).toBeNull());
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = serveStatistics();
    await openStatistics();
    await user.click(
      within(await rowOf('coffeeStamps')).getByRole('button', { name: 'Delete coffeeStamps' }),
    );
    const confirm = await screen.findByRole('dialog', {
      name: "Confirm deletion of 'coffeeStamps' statistic",
    });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`DELETE /api/statistics/${STAMPS_ID}`)).toHaveLength(0);
  });

  it("shows 'Error deleting statistic' with the server's message", async () => {
    serveStatistics(
      {},
      { [`DELETE /api/statistics/${STAMPS_ID}`]: () => fail(409, 'System statistics cannot be changed.') },
    );
    await openStatistics();
    await user.click(
      within(await rowOf('coffeeStamps')).getByRole('button', { name: 'Delete coffeeStamps' }),
    );
    await user.click(
      within(
        await screen.findByRole('dialog', { name: "Confirm deletion of 'coffeeStamps' statistic" }),
      ).getByRole('button', { name: 'Delete' }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Error deleting statistic' });
    expect(within(modal).getByText('System statistics cannot be changed.')).toBeTruthy();
  });

  it('resets a Manual statistic after a confirmation that every player starts again', async () => {
    const api = serveStatistics(
      {},
      { [`POST /api/statistics/${STAMPS_ID}/reset`]: () => ok({ ...STAMPS, version: 3 }) },
    );
    await openStatistics();
    await user.click(within(await rowOf('coffeeStamps')).getByRole('button', { name: 'Reset coffeeStamps' }));
    const confirm = await screen.findByRole('dialog', { name: "Reset 'coffeeStamps' statistic?" });
    expect(within(confirm).getByText(/Every player starts again from no value/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText(/every player starts again with no value/)).toBeTruthy();
    expect(api.callsTo(`POST /api/statistics/${STAMPS_ID}/reset`)).toHaveLength(1);
  });

  it('offers no reset for a statistic that resets on its own', async () => {
    serveStatistics(
      {},
      { 'GET /api/statistics': () => listReply([statisticFixture({ reset_interval: 'Day' })]) },
    );
    await openStatistics();
    const stamps = await rowOf('coffeeStamps');
    expect(within(stamps).queryByRole('button', { name: 'Reset coffeeStamps' })).toBeNull();
    expect(within(stamps).getByRole('button', { name: 'Delete coffeeStamps' })).toBeTruthy();
  });

  it('a manager with only the View flag may neither add nor delete', async () => {
    serveStatistics({
      role: 'BRANCH_MANAGER',
      user_permissions: { STATISTICS: { read: true, create: false, update: false, delete: false } },
    });
    await openStatistics();
    await rowOf('coffeeStamps');
    expect(screen.queryByRole('button', { name: 'Add Statistic' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Delete|Reset) / })).toBeNull();
  });
});

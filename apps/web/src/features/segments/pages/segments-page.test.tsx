import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ALL_PLAYERS,
  listReply,
  REGULARS,
  REGULARS_ID,
  segmentFixture,
  serveSegments,
} from '@/features/segments/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

// Whole-app renders: the lazy console and page chunks take their time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openSegments = async (path = '/console/segments') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Segments' });
  return view;
};

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;

const confirmDialog = () => screen.findByRole('dialog', { name: "Confirm deletion of 'Regulars' segment" });

describe('segments list', () => {
  it('shows the columns, the rules in words, the player count and the System marker; asks for page 1 of 15', async () => {
    const api = serveSegments();
    await openSegments();
    expect(document.title).toBe('Segments');
    const regulars = await rowOf('Regulars');
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Description', 'Rules', 'Players', 'Created Date', 'Actions']);
    expect(within(regulars).getByText('Customers who keep coming back')).toBeTruthy();
    expect(within(regulars).getByText('numberOfLogins ≥ 2')).toBeTruthy();
    expect(within(regulars).getByText('12')).toBeTruthy();
    expect(within(regulars).getByText('1 Mar 2025')).toBeTruthy();
    expect(within(regulars).queryByText('System')).toBeNull();
    const allPlayers = await rowOf('AllPlayers');
    expect(within(allPlayers).getByText('System')).toBeTruthy();
    expect(within(allPlayers).getByText('All players')).toBeTruthy();
    expect(within(allPlayers).getByText('150')).toBeTruthy();
    const [list] = api.callsTo('GET /api/segments');
    expect(list?.url).toBe('/api/segments?page=1&size=15');
    expect(list?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it('joins several rules with OR', async () => {
    serveSegments({}, {}, () => [
      segmentFixture({
        filters: [
          {
            id: 'filter_1',
            type: 'statistic',
            statistic_name: 'numberOfLogins',
            comparison: 'GreaterThanOrEqual',
            filter_value: 2,
          },
          {
            id: 'filter_2',
            type: 'statistic',
            statistic_name: 'totalOrderValue',
            comparison: 'GreaterThan',
            filter_value: 500,
          },
        ],
      }),
    ]);
    await openSegments();
    expect(
      within(await rowOf('Regulars')).getByText('numberOfLogins ≥ 2 OR totalOrderValue > 500'),
    ).toBeTruthy();
  });

  it("says 'No segments found.' when there are none", async () => {
    serveSegments({}, { 'GET /api/segments': () => listReply([]) });
    await openSegments();
    expect(await screen.findByText('No segments found.')).toBeTruthy();
  });

  it('sends the search as search_string once typing pauses', async () => {
    const api = serveSegments();
    await openSegments('/console/segments?page=2');
    await user.type(screen.getByRole('textbox', { name: 'Search segments' }), 'regu');
    await waitFor(() =>
      expect(api.callsTo('GET /api/segments').at(-1)?.url).toBe(
        '/api/segments?page=1&size=15&search_string=regu',
      ),
    );
  });

  it('opens a segment on row click, its players from the row, and the create page from New Segment', async () => {
    serveSegments();
    const { router } = await openSegments();
    await user.click(within(await rowOf('Regulars')).getByText('numberOfLogins ≥ 2'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/segment/${REGULARS_ID}`));
    // The editor and the players page are chunks of their own: on a loaded machine they take a while to arrive.
    const arrived = { timeout: 15_000 };
    await user.click(await screen.findByRole('button', { name: 'Back to Segments' }, arrived));
    await user.click(within(await rowOf('Regulars')).getByRole('link', { name: 'Players of Regulars' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/segment/${REGULARS_ID}/players`),
    );
    await user.click(await screen.findByRole('button', { name: 'Back to Segments' }, arrived));
    await user.click(await screen.findByRole('button', { name: 'New Segment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/segment'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Segment' })).toBeTruthy();
  });

  it('shows the spec title with the server message when the list fails', async () => {
    serveSegments({}, { 'GET /api/segments': () => fail(400, 'size must be between 1 and 100') });
    await openSegments();
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your segments!',
    });
    expect(within(modal).getByText('size must be between 1 and 100')).toBeTruthy();
  });

  it("shows 'Updating players…' while a segment is recomputed and asks again until it is done", async () => {
    let calls = 0;
    serveSegments({}, {}, () => {
      calls += 1;
      return calls === 1
        ? [segmentFixture({ rebuilding: true, player_count: 0 })]
        : [segmentFixture({ rebuilding: false, player_count: 1 })];
    });
    await openSegments();
    const regulars = await rowOf('Regulars');
    expect(within(regulars).getByText('Updating players…')).toBeTruthy();
    await waitFor(() => expect(within(regulars).queryByText('Updating players…')).toBeNull());
    expect(within(regulars).getByText('1')).toBeTruthy();
  });
});

describe('segments list delete', () => {
  it('offers no delete for a system segment', async () => {
    serveSegments();
    await openSegments();
    expect(within(await rowOf('AllPlayers')).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(await rowOf('Regulars')).getByRole('button', { name: 'Delete Regulars' })).toBeTruthy();
  });

  it('warns what players lose, deletes after the confirmation and the segment leaves the list', async () => {
    let deleted = false;
    const api = serveSegments(
      {},
      {
        [`DELETE /api/segments/${REGULARS_ID}`]: () => {
          deleted = true;
          return ok(REGULARS, 'Segment deleted successfully.');
        },
      },
      () => (deleted ? [ALL_PLAYERS] : [REGULARS, ALL_PLAYERS]),
    );
    await openSegments();
    await user.click(within(await rowOf('Regulars')).getByRole('button', { name: 'Delete Regulars' }));
    const confirm = await confirmDialog();
    expect(
      within(confirm).getByText(
        'Deleting this segment will remove all players from it, and they will lose any segment-specific benefits.',
      ),
    ).toBeTruthy();
    expect(api.callsTo(`DELETE /api/segments/${REGULARS_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Regulars' })).toBeNull());
    expect(api.callsTo(`DELETE /api/segments/${REGULARS_ID}`)).toHaveLength(1);
    expect(await screen.findByText('Segment deleted successfully.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AllPlayers' })).toBeTruthy();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = serveSegments();
    await openSegments();
    await user.click(within(await rowOf('Regulars')).getByRole('button', { name: 'Delete Regulars' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`DELETE /api/segments/${REGULARS_ID}`)).toHaveLength(0);
  });

  it("shows 'Failed to delete segment' with the server's message", async () => {
    serveSegments({}, { [`DELETE /api/segments/${REGULARS_ID}`]: () => fail(409, 'Segment is in use.') });
    await openSegments();
    await user.click(within(await rowOf('Regulars')).getByRole('button', { name: 'Delete Regulars' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Delete' }));
    const modal = await screen.findByRole('dialog', { name: 'Failed to delete segment' });
    expect(within(modal).getByText('Segment is in use.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regulars' })).toBeTruthy();
  });

  it('a manager with only the View flag may neither create nor delete', async () => {
    serveSegments({
      role: 'BRANCH_MANAGER',
      user_permissions: { SEGMENTS: { read: true, create: false, update: false, delete: false } },
    });
    await openSegments();
    await rowOf('Regulars');
    expect(screen.queryByRole('button', { name: 'New Segment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});

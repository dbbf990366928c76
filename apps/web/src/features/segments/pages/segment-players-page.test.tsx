import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ALL_PLAYERS_ID,
  listReply,
  PLAYER_ID,
  playerFixture,
  REGULARS_ID,
  serveSegments,
} from '@/features/segments/test-server';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openPlayers = async (id = REGULARS_ID, name = 'Regulars') => {
  const view = renderApp(`/console/segment/${id}/players`);
  await screen.findByRole('heading', { level: 1, name: `${name} Players` });
  return view;
};

const region = (name: string) => screen.getByRole('region', { name });

describe('segment players', () => {
  it('shows the header, the Segment Details card and the members with their statistics', async () => {
    const api = serveSegments(
      {},
      {
        [`GET /api/segments/${REGULARS_ID}/players`]: () =>
          listReply([
            playerFixture(),
            playerFixture({
              customer_id: '5'.repeat(24),
              display_name: null,
              statistics: {},
              last_login: null,
            }),
          ]),
      },
    );
    await openPlayers();
    expect(document.title).toBe('Regulars Players');
    expect(screen.getByText('Players who match the segment criteria')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Segments' })).toBeTruthy();

    const details = region('Segment Details');
    expect(within(details).getByText(REGULARS_ID)).toBeTruthy();
    expect(within(details).getByText('Regulars')).toBeTruthy();
    expect(within(details).getByText('Customers who keep coming back')).toBeTruthy();
    expect(within(details).getByText('Filters').nextElementSibling?.textContent).toBe('1');
    expect(within(details).getByText('Actions').nextElementSibling?.textContent).toBe('0');

    const players = region('Players');
    const ann = (await within(players).findByRole('link', { name: PLAYER_ID })).closest('tr') as HTMLElement;
    expect(within(ann).getByText('Ann Smith')).toBeTruthy();
    expect(within(ann).getByText('numberOfLogins: 3')).toBeTruthy();
    expect(within(ann).getByText('4 Mar 2025, 08:30')).toBeTruthy();
    const unnamed = within(players)
      .getByRole('link', { name: '5'.repeat(24) })
      .closest('tr') as HTMLElement;
    expect(within(unnamed).getByText('Unknown')).toBeTruthy();
    expect(within(unnamed).getByText('No data')).toBeTruthy();
    expect(within(unnamed).getByText('Never')).toBeTruthy();
    const headers = [...players.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['Player ID', 'Display Name', 'Statistics', 'Last Login']);
    expect(api.callsTo(`GET /api/segments/${REGULARS_ID}/players`)[0]?.url).toBe(
      `/api/segments/${REGULARS_ID}/players?page=1&size=15`,
    );
  });

  it("says 'No description' and shows the empty state with its reasons when the segment has no players", async () => {
    serveSegments();
    await openPlayers(ALL_PLAYERS_ID, 'AllPlayers');
    expect(within(region('Segment Details')).getByText('No description')).toBeTruthy();
    const players = region('Players');
    // 'Loading players...' for a second (spec 2 §2), though the answer came at once; then the empty state.
    const shownAt = Date.now();
    expect(within(players).getByText('Loading players...')).toBeTruthy();
    expect(await within(players).findByText('No players found')).toBeTruthy();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(within(players).queryByText('Loading players...')).toBeNull();
    expect(
      within(players).getByText('This segment currently has no players that match the specified criteria.'),
    ).toBeTruthy();
    for (const reason of [
      'No players have recorded the required statistic values yet.',
      'The segment filters may be too restrictive.',
      'Segments may take some time to populate after creation.',
    ])
      expect(within(players).getByText(reason)).toBeTruthy();
  });

  it("shows 'Loading players...' until the members arrive", async () => {
    let answer: (response: Response) => void = () => {};
    serveSegments(
      {},
      {
        [`GET /api/segments/${REGULARS_ID}/players`]: () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    );
    await openPlayers();
    expect(await within(region('Players')).findByText('Loading players...')).toBeTruthy();
    answer(listReply([playerFixture()]));
    expect(await within(region('Players')).findByText('Ann Smith')).toBeTruthy();
    expect(within(region('Players')).queryByText('Loading players...')).toBeNull();
  });

  it("opens a player's customer profile from the row", async () => {
    serveSegments();
    const { router } = await openPlayers();
    await user.click(await within(region('Players')).findByText('Ann Smith'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/customers/customer-profile/${PLAYER_ID}`),
    );
  });

  it("says 'Invalid segment ID' for an id that cannot be a segment's", async () => {
    const api = serveSegments();
    renderApp('/console/segment/not-an-id/players');
    expect(await screen.findByRole('heading', { name: 'Invalid segment ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Segments' })).toBeTruthy();
    expect(api.callsTo('GET /api/segments')).toHaveLength(0);
  });

  it("says 'Segment not found' for an id no segment has", async () => {
    serveSegments();
    renderApp(`/console/segment/${'8'.repeat(24)}/players`);
    expect(await screen.findByRole('heading', { name: 'Segment not found' })).toBeTruthy();
    expect(screen.getByText('The requested segment could not be found.')).toBeTruthy();
  });
});

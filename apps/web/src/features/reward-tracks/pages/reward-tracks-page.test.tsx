import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  LEVELS_TRACK,
  STAMPS_ID,
  STAMPS_TRACK,
  serveRewardTracks,
  TIERS_TRACK,
  trackFixture,
} from '@/features/reward-tracks/test-server';
import { jsonResponse, renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

const user = userEvent.setup({ delay: null });

const card = (name: string) => screen.getByRole('article', { name });

const openList = async () => {
  const view = renderApp('/console/reward-tracks');
  await screen.findByRole('heading', { level: 1, name: 'Reward Tracks' });
  await screen.findByRole('article', { name: 'Stamp Card' });
  return view;
};

describe('reward tracks list', () => {
  it('shows a card per track with Source, Target, Start Date and End Date, and expands its milestones', async () => {
    serveRewardTracks();
    const { router } = await openList();
    expect(document.title).toBe('Reward Tracks');
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Stamp Card',
      'Coffee Club Levels',
      'Coffee Club Tiers',
    ]);
    const stamps = within(card('Stamp Card'));
    for (const text of [
      'Source',
      'coffeeStamps',
      'Target',
      'freeCoffees',
      'Start Date',
      '1 Jan 2026',
      'End Date',
      '31 Dec 2026',
    ])
      expect(stamps.getByText(text)).toBeTruthy();
    expect(within(card('Coffee Club Tiers')).getAllByText('No date')).toHaveLength(2);
    // The title links to the track; its edit, delete and expand controls are buttons (spec 3).
    expect(stamps.getByRole('link', { name: 'Stamp Card' }).getAttribute('href')).toBe(
      `/console/reward-track-details/${STAMPS_ID}`,
    );
    expect(
      within(card('Coffee Club Tiers')).getByRole('link', { name: 'Coffee Club Tiers' }).getAttribute('href'),
    ).toBe(`/console/tier-progression-details/${TIERS_TRACK._id}`);
    expect(
      within(card('Coffee Club Levels'))
        .getByRole('link', { name: 'Coffee Club Levels' })
        .getAttribute('href'),
    ).toBe(`/console/level-progression-details/${LEVELS_TRACK._id}`);
    expect(stamps.getByRole('button', { name: 'Edit Stamp Card' })).toBeTruthy();

    const expand = stamps.getByRole('button', { name: 'Expand Stamp Card' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    expect(stamps.getByRole('button', { name: 'Collapse Stamp Card' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // The milestones open with the card's transition: found once it has rendered them.
    const milestones = await stamps.findByRole('table', { name: 'Milestones of Stamp Card' });
    expect(within(milestones).getByText('Milestone 2')).toBeTruthy();

    // The spec's 'Add Reward Track button' (spec 3 §2) is a button, not a link.
    await user.click(screen.getByRole('button', { name: 'Add Reward Track' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/reward-track-details'));
  });

  it("a card's Edit button opens the track's own page", async () => {
    serveRewardTracks();
    const { router } = await openList();
    await user.click(screen.getByRole('button', { name: 'Edit Coffee Club Tiers' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/console/tier-progression-details/${TIERS_TRACK._id}`),
    );
  });

  it("deletes after a confirmation, says 'Successfully deleted reward track.' and reloads the list", async () => {
    let deleted = false;
    const api = serveRewardTracks(
      {},
      {
        'GET /api/reward-tracks': () =>
          jsonResponse(200, {
            success: true,
            message: '',
            content: deleted ? [LEVELS_TRACK, TIERS_TRACK] : [STAMPS_TRACK, LEVELS_TRACK, TIERS_TRACK],
            pagination: { count: deleted ? 2 : 3, hasMore: false },
          }),
        [`DELETE /api/reward-tracks/${STAMPS_ID}`]: () => {
          deleted = true;
          return ok(STAMPS_TRACK, 'Reward track deleted.');
        },
      },
    );
    await openList();
    await user.click(within(card('Stamp Card')).getByRole('button', { name: 'Delete Stamp Card' }));
    const confirm = await screen.findByRole('dialog', { name: "Delete the reward track 'Stamp Card'?" });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully deleted reward track.')).toBeTruthy();
    expect(api.callsTo(`DELETE /api/reward-tracks/${STAMPS_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Stamp Card' })).toBeNull());
  });

  it("shows the spec's titles when the list or a delete fails", async () => {
    serveRewardTracks(
      {},
      { [`DELETE /api/reward-tracks/${STAMPS_ID}`]: () => fail(409, 'The track is in use.') },
    );
    await openList();
    await user.click(within(card('Stamp Card')).getByRole('button', { name: 'Delete Stamp Card' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: "Delete the reward track 'Stamp Card'?" })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const failed = await screen.findByRole('dialog', {
      name: 'Something went wrong when deleting your reward track!',
    });
    expect(within(failed).getByText('The track is in use.')).toBeTruthy();
  });

  it("says 'Something went wrong when retrieving your reward tracks!' when the list cannot load", async () => {
    serveRewardTracks(
      {},
      { 'GET /api/reward-tracks': () => fail(500, 'Client was given an error response') },
    );
    renderApp('/console/reward-tracks');
    const failed = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your reward tracks!',
    });
    expect(failed).toBeTruthy();
  });

  it('loads the next page while more exist, offers Back to top after page 1 and searches by name', async () => {
    const many = Array.from({ length: 17 }, (_, index) =>
      trackFixture({ _id: `${index + 10}`.padStart(24, 'c'), name: `Track ${index + 1}` }),
    );
    const api = serveRewardTracks(
      {},
      {
        'GET /api/reward-tracks': () => {
          const url = new URL(api.calls.at(-1)?.url ?? '', 'http://localhost');
          const page = Number(url.searchParams.get('page') ?? '1');
          const search = url.searchParams.get('search_string') ?? '';
          const matching = many.filter((track) => track.name.includes(search));
          const items = matching.slice((page - 1) * 15, page * 15);
          return jsonResponse(200, {
            success: true,
            message: '',
            content: items,
            pagination: { count: matching.length, hasMore: page * 15 < matching.length },
          });
        },
      },
    );
    renderApp('/console/reward-tracks');
    await screen.findByRole('article', { name: 'Track 1' });
    expect(screen.getAllByRole('article')).toHaveLength(15);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more reward tracks' }));
    await screen.findByRole('article', { name: 'Track 17' });
    expect(screen.getAllByRole('article')).toHaveLength(17);
    expect(screen.queryByRole('button', { name: 'Load more reward tracks' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/api/reward-tracks').map((call) => call.url)).toEqual([
      '/api/reward-tracks?page=1&size=15',
      '/api/reward-tracks?page=2&size=15',
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Search reward tracks' }), 'Track 16');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(api.calls.at(-1)?.url).toBe('/api/reward-tracks?page=1&size=15&search_string=Track+16');
  });
});

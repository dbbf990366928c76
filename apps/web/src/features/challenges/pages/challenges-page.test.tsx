import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOGINS, SUMMER, SUMMER_ID, serveChallenges } from '@/features/challenges/test-server';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openList = async () => {
  const view = renderApp('/console/challenges');
  await screen.findByRole('heading', { level: 1, name: 'Challenges' });
  await screen.findByText('Summer Spree');
  return view;
};

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row as HTMLElement;
};

const listItem = ({ flow: _flow, ...item }: typeof SUMMER) => item;

describe('challenges list', () => {
  it('shows the default columns, statuses and counts; the others wait in the column chooser', async () => {
    serveChallenges();
    await openList();
    expect(document.title).toBe('Challenges');
    expect(screen.getByRole('button', { name: 'Add Challenge' }).tagName).toBe('BUTTON');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Image',
      'Title',
      'Status',
      'Start Date',
      'End Date',
      'Granted',
      'Completed',
      'Actions',
    ]);
    const summer = rowOf('Summer Spree');
    expect(within(summer).getByText('Released')).toBeTruthy();
    expect(within(summer).getByText('1 Dec 2026')).toBeTruthy();
    expect(within(summer).getByText('12')).toBeTruthy();
    expect(within(rowOf('Daily Visitor')).getByText('Draft')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Segments' }));
    expect(await screen.findByRole('columnheader', { name: 'Segments' })).toBeTruthy();
    expect(within(rowOf('Summer Spree')).getByText('AllPlayers')).toBeTruthy();
  });

  it('searches by title and opens a challenge from its row', async () => {
    const api = serveChallenges();
    const { router } = await openList();
    await user.type(screen.getByRole('textbox', { name: 'Search challenges' }), 'summer');
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('search=summer'))).toBe(true));
    await user.click(within(rowOf('Summer Spree')).getByText('Released'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/challenge/${SUMMER_ID}`));
  });

  it("deletes after the spec's confirmation (Cancel or Continue) and says 'Successfully deleted challenge.'", async () => {
    let items = [listItem(SUMMER), listItem(LOGINS)];
    const api = serveChallenges(
      {},
      {
        'GET /api/challenges': () => listReply(items),
        [`DELETE /api/challenges/${SUMMER_ID}`]: () => {
          items = [listItem(LOGINS)];
          return ok(SUMMER, 'Challenge deleted.');
        },
      },
    );
    await openList();
    await user.click(screen.getByRole('button', { name: 'Delete Summer Spree' }));
    const confirm = await screen.findByRole('dialog', {
      name: "Confirm deletion of 'Summer Spree' challenge",
    });
    expect(
      within(confirm).getByText(
        "Deleting this challenge will permanently remove it and all player progress. Players currently working on this challenge will lose their progress and any rewards they haven't claimed.",
      ),
    ).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(api.callsTo(`DELETE /api/challenges/${SUMMER_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully deleted challenge.')).toBeTruthy();
    expect(api.callsTo(`DELETE /api/challenges/${SUMMER_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Summer Spree')).toBeNull());
    expect(screen.getByText('Daily Visitor')).toBeTruthy();
  });

  it("shows 'Something went wrong when deleting your challenge!' with the server's message", async () => {
    serveChallenges(
      {},
      { [`DELETE /api/challenges/${SUMMER_ID}`]: () => fail(404, 'The challenge could not be found.') },
    );
    await openList();
    await user.click(screen.getByRole('button', { name: 'Delete Summer Spree' }));
    const confirm = await screen.findByRole('dialog', { name: /Confirm deletion/ });
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when deleting your challenge!',
    });
    expect(within(modal).getByText('The challenge could not be found.')).toBeTruthy();
    expect(screen.getByText('Summer Spree')).toBeTruthy();
  });

  it('shows the empty text, and no Add Challenge or delete without those flags', async () => {
    const view = { read: true, create: false, update: false, delete: false };
    serveChallenges(
      { role: 'AREA_MANAGER', user_permissions: { CHALLENGES: view } },
      { 'GET /api/challenges': () => listReply([]) },
    );
    renderApp('/console/challenges');
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Challenge' })).toBeNull();
  });
});

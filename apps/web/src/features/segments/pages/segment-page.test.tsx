import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { challengeFixture } from '@/features/challenges/test-server';
import {
  ALL_PLAYERS_ID,
  BADGE_ID,
  REGULARS,
  REGULARS_ID,
  segmentFixture,
  serveSegments,
} from '@/features/segments/test-server';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const NEW_ID = '9'.repeat(24);
const CHALLENGE_ID = '8'.repeat(24);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('textbox', { name }) as HTMLInputElement;
const picker = (name: string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('combobox', { name }) as HTMLInputElement;
const group = (name: string) => screen.getByRole('group', { name });

const choose = async (name: string, option: string, scope?: HTMLElement) => {
  await user.click(picker(name, scope));
  await user.click(await screen.findByRole('option', { name: option }));
};

const openCreate = async () => {
  const view = renderApp('/console/segment');
  await screen.findByRole('heading', { level: 1, name: 'Create Segment' });
  return view;
};

const openRegulars = async () => {
  const view = renderApp(`/console/segment/${REGULARS_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Edit Segment' });
  await waitFor(() => expect(document.title).toBe('Segment - Regulars'));
  return view;
};

/** Fills the first rule: numberOfLogins ≥ 2. */
const fillRule = async (value = '2') => {
  const rule = group('Rule 1');
  await choose('Statistic', 'numberOfLogins', rule);
  await choose('Comparison', 'GreaterThanOrEqual', rule);
  await user.type(field('Value', rule), value);
};

describe('create segment', () => {
  it('shows the sections with one empty rule and Create disabled until something is edited', async () => {
    serveSegments();
    await openCreate();
    expect(document.title).toBe('Create Segment');
    expect(screen.getByRole('button', { name: 'Back to Segments' })).toBeTruthy();
    for (const section of ['Basic Information', 'Segment Rules', 'Segment Actions'])
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    expect(field('Name').disabled).toBe(false);
    expect(field('Description').value).toBe('');
    expect(group('Rule 1')).toBeTruthy();
    expect(
      screen.getByText(
        'No actions defined. Add actions to automatically trigger when players enter or leave this segment.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'All actions will be executed when the specified trigger occurs. Use different triggers to control when actions fire.',
      ),
    ).toBeTruthy();
    expect(button('Create').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    await user.type(field('Name'), 'R');
    expect(button('Create').disabled).toBe(false);
  });

  it("shows 'Name is required' when the name is left empty", async () => {
    const api = serveSegments();
    await openCreate();
    await user.type(field('Name'), 'x');
    await user.clear(field('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await user.type(field('Description'), 'Regular visitors');
    expect(button('Create').disabled).toBe(true);
    await user.type(field('Name'), 'Regulars');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(api.callsTo('POST /api/segments')).toHaveLength(0);
  });

  it("shows each rule's messages on its fields, keeps Create disabled while they show, and clears one on edit", async () => {
    const api = serveSegments();
    await openCreate();
    await user.type(field('Name'), 'Regulars');
    await user.click(button('Create'));
    const rule = group('Rule 1');
    expect(await within(rule).findByText('Statistic is required')).toBeTruthy();
    expect(within(rule).getByText('Comparison operator is required')).toBeTruthy();
    expect(within(rule).getByText('Filter value is required')).toBeTruthy();
    expect(button('Create').disabled).toBe(true);
    expect(screen.getByText('Please correct the 3 fields marked in red.')).toBeTruthy();
    await choose('Statistic', 'numberOfLogins', rule);
    expect(within(rule).queryByText('Statistic is required')).toBeNull();
    expect(within(rule).getByText('Comparison operator is required')).toBeTruthy();
    await choose('Comparison', 'GreaterThanOrEqual', rule);
    await user.type(field('Value', rule), '2');
    expect(button('Create').disabled).toBe(false);
    expect(api.callsTo('POST /api/segments')).toHaveLength(0);
  });

  it('turns an unparsable rule value into 0 when the field is left', async () => {
    serveSegments();
    await openCreate();
    const value = field('Value', group('Rule 1'));
    await user.type(value, '-');
    await user.tab();
    await waitFor(() => expect(value.value).toBe('0'));
  });

  it("shows an action's messages: Badge/Item for a badge, Mission/Challenge for a challenge", async () => {
    serveSegments();
    await openCreate();
    await user.type(field('Name'), 'Regulars');
    await fillRule();
    await user.click(button('Add Action'));
    const action = group('Action 1');
    expect(picker('Action Type', action).value).toBe('Grant Badge');
    expect(picker('Trigger', action).value).toBe('Player enters segment');
    expect((within(action).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
    await user.click(button('Create'));
    expect(await within(action).findByText('Badge/Item is required')).toBeTruthy();
    expect(button('Create').disabled).toBe(true);
    await choose('Action Type', 'Grant Challenge', action);
    expect(within(action).queryByText('Badge/Item is required')).toBeNull();
    await user.click(button('Create'));
    expect(await within(action).findByText('Mission/Challenge is required')).toBeTruthy();
    // 'Remove' names only the actions' buttons (spec 2 §2); the rule's is 'Delete rule'.
    expect(screen.getAllByRole('button', { name: /remove/i })).toHaveLength(1);
    expect(within(group('Rule 1')).getByRole('button', { name: 'Delete rule' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('group', { name: 'Action 1' })).toBeNull();
    expect(button('Create').disabled).toBe(false);
  });

  it("a Grant Challenge action picks one of the client's challenges on a plan with challenges", async () => {
    const api = serveSegments(
      {},
      {
        'GET /api/v2/client': () =>
          ok(clientFixture({ clientSubscription: { name: 'GROWTH', status: 'ACTIVE' } })),
        'GET /api/challenges': () =>
          listReply([challengeFixture({ _id: CHALLENGE_ID, title: 'Summer Sipper' })]),
      },
    );
    await openCreate();
    await user.type(field('Name'), 'Regulars');
    await fillRule();
    await user.click(button('Add Action'));
    const action = group('Action 1');
    await choose('Action Type', 'Grant Challenge', action);
    await choose('Mission/Challenge', 'Summer Sipper', action);
    await user.click(button('Create'));
    await waitFor(() => expect(api.callsTo('POST /api/segments')).toHaveLength(1));
    expect(api.callsTo('POST /api/segments')[0]?.body).toMatchObject({
      actions: [expect.objectContaining({ type: 'grant_mission', mission_id: CHALLENGE_ID })],
    });
  });

  it('someone with Segments View only sees a badge action without asking for badges or statistics they may not list', async () => {
    const api = serveSegments(
      {
        role: 'AREA_MANAGER',
        user_permissions: { SEGMENTS: { read: true, create: false, update: false, delete: false } },
      },
      {
        'GET /api/segments': () =>
          listReply([
            segmentFixture({
              actions: [
                { id: 'action_1', type: 'grant_item', trigger: 'entered', item_id: BADGE_ID, quantity: 1 },
              ],
            }),
          ]),
      },
    );
    await openRegulars();
    expect(picker('Statistic', group('Rule 1')).value).toBe('numberOfLogins');
    expect(picker('Badge/Item', group('Action 1')).value).toBe(`Badge ${BADGE_ID.slice(-8)}`);
    expect(api.callsTo('GET /api/badges')).toHaveLength(0);
    expect(api.callsTo('GET /api/statistics')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Quantity must be greater than 0' for 0, and an emptied quantity becomes 1", async () => {
    serveSegments();
    await openCreate();
    await user.type(field('Name'), 'Regulars');
    await fillRule();
    await user.click(button('Add Action'));
    const action = group('Action 1');
    const quantity = within(action).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
    await user.clear(quantity);
    await user.tab();
    await waitFor(() => expect(quantity.value).toBe('1'));
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(await within(action).findByText('Quantity must be greater than 0')).toBeTruthy();
  });

  it('creates with the rule and action, then returns to the list', async () => {
    const api = serveSegments(
      {},
      {
        'POST /api/segments': (body) =>
          ok(
            { ...REGULARS, ...(body as object), _id: NEW_ID, player_count: 0, rebuilding: true },
            'Segment created successfully.',
          ),
      },
    );
    const { router } = await openCreate();
    await user.type(field('Name'), '  Regulars ');
    await user.type(field('Description'), 'Customers who keep coming back');
    await fillRule();
    await user.click(button('Add Rule'));
    await choose('Type', 'All players', group('Rule 2'));
    await user.click(button('Add Action'));
    await choose('Badge/Item', 'Coffee Lover', group('Action 1'));
    await user.click(button('Create'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/segments'));
    const [call] = api.callsTo('POST /api/segments');
    const body = call?.body as {
      name: string;
      description: string;
      filters: { id: string }[];
      actions: { id: string }[];
    };
    expect(body.name).toBe('Regulars');
    expect(body.description).toBe('Customers who keep coming back');
    expect(body.filters).toEqual([
      {
        id: expect.stringMatching(/^filter_\d+$/),
        type: 'statistic',
        statistic_name: 'numberOfLogins',
        comparison: 'GreaterThanOrEqual',
        filter_value: 2,
      },
      { id: expect.stringMatching(/^filter_\d+$/), type: 'all_players', filter_value: null },
    ]);
    expect(body.filters[0]?.id).not.toBe(body.filters[1]?.id);
    expect(body.actions).toEqual([
      {
        id: expect.stringMatching(/^action_\d+$/),
        type: 'grant_item',
        trigger: 'entered',
        item_id: BADGE_ID,
        quantity: 1,
      },
    ]);
    expect(api.callsTo('GET /api/statistics')[0]?.url).toBe('/api/statistics?page=1&size=100');
    expect(api.callsTo('GET /api/badges')[0]?.url).toBe('/api/badges?page=1&size=100');
    expect(await screen.findByText('Segment created successfully.')).toBeTruthy();
  });

  it("shows 'Failed to create segment' with the server's message and its field errors", async () => {
    serveSegments(
      {},
      {
        'POST /api/segments': () =>
          new Response(
            JSON.stringify({
              success: false,
              message: "No statistic named 'numberOfLogins' exists.",
              content: {
                errors: [
                  {
                    field: 'filters.0.statistic_name',
                    message: "No statistic named 'numberOfLogins' exists.",
                  },
                ],
              },
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    );
    const { router } = await openCreate();
    await user.type(field('Name'), 'Regulars');
    await fillRule();
    await user.click(button('Create'));
    const modal = await screen.findByRole('dialog', { name: 'Failed to create segment' });
    expect(within(modal).getByText("No statistic named 'numberOfLogins' exists.")).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(within(group('Rule 1')).getByText("No statistic named 'numberOfLogins' exists.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/segment');
  });
});

describe('edit segment', () => {
  it('shows the saved rule, the name fixed and Update disabled until something changes', async () => {
    serveSegments();
    await openRegulars();
    expect(field('Name').value).toBe('Regulars');
    expect(field('Name').disabled).toBe(true);
    expect(field('Description').value).toBe('Customers who keep coming back');
    const rule = group('Rule 1');
    expect(picker('Statistic', rule).value).toBe('numberOfLogins');
    expect(picker('Comparison', rule).value).toBe('GreaterThanOrEqual');
    expect(field('Value', rule).value).toBe('2');
    expect(within(rule).getByText('numberOfLogins ≥ 2')).toBeTruthy();
    expect(button('Update').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Players' })).toBeTruthy();
  });

  it('fetches an id it has not listed by GET segments?ids={id}', async () => {
    const api = serveSegments();
    await openRegulars();
    expect(api.callsTo('GET /api/segments').map((call) => call.url)).toContain(
      `/api/segments?ids=${REGULARS_ID}`,
    );
  });

  it('sends the change, stays, clears the edited flag and reloads the list at page 1, size 10', async () => {
    let saved = REGULARS;
    const api = serveSegments(
      {},
      {
        [`PUT /api/segments/${REGULARS_ID}`]: (body) => {
          saved = {
            ...REGULARS,
            ...(body as object),
            rebuilding: true,
            updated_at: '2025-04-01T10:00:00.000Z',
          };
          return ok(saved, 'Segment updated successfully.');
        },
      },
      () => [saved],
    );
    const { router } = await openRegulars();
    const value = field('Value', group('Rule 1'));
    await user.clear(value);
    await user.type(value, '3');
    expect(button('Update').disabled).toBe(false);
    await user.click(button('Update'));
    expect(await screen.findByText('Segment updated successfully.')).toBeTruthy();
    const [put] = api.callsTo(`PUT /api/segments/${REGULARS_ID}`);
    expect(put?.body).toEqual({
      name: 'Regulars',
      description: 'Customers who keep coming back',
      filters: [
        {
          id: 'filter_1700000000000',
          type: 'statistic',
          statistic_name: 'numberOfLogins',
          comparison: 'GreaterThanOrEqual',
          filter_value: 3,
        },
      ],
      actions: [],
    });
    await waitFor(() =>
      expect(api.callsTo('GET /api/segments').map((call) => call.url)).toContain(
        '/api/segments?page=1&size=10',
      ),
    );
    expect(router.state.location.pathname).toBe(`/console/segment/${REGULARS_ID}`);
    await waitFor(() => expect(button('Update').disabled).toBe(true));
    expect(field('Value', group('Rule 1')).value).toBe('3');
    expect(screen.getByText('Updating players…')).toBeTruthy();
  });

  it("shows 'Failed to update segment' with the server's message", async () => {
    serveSegments({}, { [`PUT /api/segments/${REGULARS_ID}`]: () => fail(409, 'Segment is being rebuilt.') });
    await openRegulars();
    await user.type(field('Description'), '!');
    await user.click(button('Update'));
    const modal = await screen.findByRole('dialog', { name: 'Failed to update segment' });
    expect(within(modal).getByText('Segment is being rebuilt.')).toBeTruthy();
  });

  it('a system segment is read-only: a note, nothing to change, no Update', async () => {
    serveSegments();
    renderApp(`/console/segment/${ALL_PLAYERS_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Segment' });
    expect(await screen.findByText(/This is a system segment/)).toBeTruthy();
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    expect(field('Name').disabled).toBe(true);
    expect(field('Description').disabled).toBe(true);
    expect(picker('Type', group('Rule 1')).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Rule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Action' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete rule' })).toBeNull();
  });

  it("says 'Segment not found' for an id no segment has", async () => {
    serveSegments({}, {}, () => [segmentFixture()]);
    renderApp(`/console/segment/${'8'.repeat(24)}`);
    expect(await screen.findByRole('heading', { name: 'Segment not found' })).toBeTruthy();
    expect(screen.getByText('The requested segment could not be found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to Segments' })).toBeTruthy();
  });

  it("shows 'Failed to fetch segment' with the server's message when the fetch fails", async () => {
    serveSegments(
      {},
      { 'GET /api/segments': () => fail(403, 'You do not have permission to view segments.') },
    );
    renderApp(`/console/segment/${REGULARS_ID}`);
    const modal = await screen.findByRole('dialog', { name: 'Failed to fetch segment' });
    expect(within(modal).getByText('You do not have permission to view segments.')).toBeTruthy();
  });
});

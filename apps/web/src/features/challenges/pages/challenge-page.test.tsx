import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ALL_PLAYERS_ID,
  LOGINS_ID,
  SUMMER,
  SUMMER_ID,
  serveChallenges,
} from '@/features/challenges/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const canvas = () => screen.getByRole('region', { name: 'Objective flow' });

/** Opens the Nodes picker from a button and picks a node by name. */
const pickNode = async (opener: HTMLElement, name: string) => {
  await user.click(opener);
  const picker = await screen.findByRole('dialog', { name: 'Nodes' });
  await user.click(within(picker).getByRole('button', { name }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nodes' })).toBeNull());
};

const nodePanel = () => screen.getByRole('region', { name: 'Node settings' });

describe('challenge editor', () => {
  it('shows a saved flow as nodes with their settings in words; Save waits for an edit', async () => {
    serveChallenges();
    renderApp(`/console/challenge/${SUMMER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Spree' })).toBeTruthy();
    // The flow's code arrives after the page, behind a loader.
    const flow = await screen.findByRole('region', { name: 'Objective flow' });
    expect(await within(flow).findByText('Big spender')).toBeTruthy();
    expect(within(canvas()).getByText('Target: R200')).toBeTruthy();
    expect(within(canvas()).getByText('Credit/Debit Card')).toBeTruthy();
    expect(within(canvas()).getByText('Big Spender')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), '!');
    expect(save.disabled).toBe(false);
  });

  it('will not save over objectives it cannot draw (a challenge made through the API without a flow)', async () => {
    const objective = {
      _id: 'o'.repeat(24),
      title: 'Three logins',
      event_type: 'user.logged-in',
      scope: null,
      scopes: [],
      trigger: { trigger_quantity: 3 },
      conditions: [],
      rewards: [],
    };
    const apiMade = { ...SUMMER, objectives: [objective], flow: { nodes: [], edges: [] } };
    serveChallenges({}, { [`GET /api/challenges/${SUMMER_ID}`]: () => ok(apiMade) });
    renderApp(`/console/challenge/${SUMMER_ID}`);
    expect(await screen.findByText(/made through the API without a flow/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('groups the Nodes picker by category, sorted by name, and offers only what may follow', async () => {
    serveChallenges();
    renderApp('/console/challenge');
    await screen.findByRole('heading', { level: 1, name: 'Create a challenge' });
    await user.click(screen.getByRole('button', { name: 'Add Objective' }));
    const picker = await screen.findByRole('dialog', { name: 'Nodes' });
    const groups = within(picker)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-label'));
    expect(groups).toEqual(['Objectives']);
    const names = within(picker)
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((name) => name && name !== '');
    const objectives = names.filter((name) => !['Close'].includes(name ?? ''));
    expect(objectives).toEqual([...objectives].sort((a, b) => (a ?? '').localeCompare(b ?? '')));
    await user.type(within(picker).getByRole('textbox', { name: 'Search nodes' }), 'zzz');
    expect(
      within(picker).getByText(
        'Oops... No nodes found. If you think this is an error please contact support.',
      ),
    ).toBeTruthy();
    await user.clear(within(picker).getByRole('textbox', { name: 'Search nodes' }));
    await user.click(within(picker).getByRole('button', { name: 'Order Value' }));

    const addNext = await within(canvas()).findByRole('button', { name: 'Add next node after Order Value' });
    await user.click(addNext);
    const next = await screen.findByRole('dialog', { name: 'Nodes' });
    expect(
      within(next)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Conditions', 'Rewards']);
    // Payment method, date range, time, unique and first occurrence cannot follow an objective (spec 2 §4).
    expect(within(next).queryByRole('button', { name: 'Payment Method' })).toBeNull();
    expect(within(next).queryByRole('button', { name: 'Date Range' })).toBeNull();
    expect(within(next).getByRole('button', { name: 'Value' })).toBeTruthy();
    await user.click(within(next).getByRole('button', { name: 'Value' }));
    // Only the last node of a chain offers a next node.
    await user.click(await within(canvas()).findByRole('button', { name: 'Add next node after Value' }));
    expect(within(canvas()).queryByRole('button', { name: 'Add next node after Order Value' })).toBeNull();
    const afterValue = await screen.findByRole('dialog', { name: 'Nodes' });
    expect(within(afterValue).getByRole('button', { name: 'Payment Method' })).toBeTruthy();
    expect(within(afterValue).queryByRole('button', { name: 'Value' })).toBeNull();
  });

  it("lists every problem under 'Validation Error' and sends nothing", async () => {
    const api = serveChallenges();
    renderApp('/console/challenge');
    await screen.findByRole('heading', { level: 1, name: 'Create a challenge' });
    await pickNode(screen.getByRole('button', { name: 'Add Objective' }), 'Order Value');
    await pickNode(
      await within(canvas()).findByRole('button', { name: 'Add next node after Order Value' }),
      'Badges',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Validation Error' });
    expect(within(modal).getByText('Please correct the following errors.')).toBeTruthy();
    expect(within(modal).getByText('Title is required')).toBeTruthy();
    expect(within(modal).getByText('End date is required')).toBeTruthy();
    expect(within(modal).getByText('Select a badge for the badge reward')).toBeTruthy();
    expect(api.callsTo('POST /api/challenges')).toHaveLength(0);
  });

  it('creates, then Proceed opens Select Segment, which needs a segment and links it', async () => {
    const created = { ...SUMMER, _id: LOGINS_ID, title: 'Weekend Login' };
    const api = serveChallenges(
      {},
      {
        'POST /api/challenges': () => ok(created, 'Challenge created.'),
        [`GET /api/challenges/${LOGINS_ID}`]: () => ok(created),
        [`POST /api/challenges/${LOGINS_ID}/segments/${ALL_PLAYERS_ID}`]: () =>
          ok({
            challenge_id: LOGINS_ID,
            segment_id: ALL_PLAYERS_ID,
            segment_name: 'AllPlayers',
            created_at: '',
          }),
      },
    );
    const { router } = renderApp('/console/challenge');
    await screen.findByRole('heading', { level: 1, name: 'Create a challenge' });
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Weekend Login');
    await user.type(screen.getByRole('textbox', { name: /^End Date/ }), '28 Feb 2099');
    fireEvent.blur(screen.getByRole('textbox', { name: /^End Date/ }));
    await pickNode(screen.getByRole('button', { name: 'Add Objective' }), 'Number of Logins');
    await pickNode(
      await within(canvas()).findByRole('button', { name: 'Add next node after Number of Logins' }),
      'XP Points',
    );
    // The node's settings panel renders after the graph settles: slower on a loaded machine.
    const panel = await screen.findByRole('region', { name: 'Node settings' });
    const xp = within(panel).getByRole('textbox', { name: 'XP Points' });
    await user.clear(xp);
    await user.type(xp, '50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const confirm = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(confirm).getByText('Your challenge has been added successfully.')).toBeTruthy();
    const [call] = api.callsTo('POST /api/challenges');
    expect(call?.body).toMatchObject({
      title: 'Weekend Login',
      status: 'draft',
      visible: false,
      schedule: { end_date: '2099-02-28' },
    });
    const body = call?.body as {
      flow: { nodes: { id: string; data: { config: unknown } }[]; edges: unknown[] };
    };
    expect(body.flow.nodes.map((node) => node.id)).toEqual([
      expect.stringMatching(/^objective[A-Za-z0-9]{8}$/),
      expect.stringMatching(/^reward[A-Za-z0-9]{8}$/),
    ]);
    expect(body.flow.nodes[1]?.data.config).toEqual({ value: 50 });
    expect(body.flow.edges).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/challenge/${LOGINS_ID}`));

    await user.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Segment' });
    expect(
      within(dialog).getByText(
        'This step is irreversible: once a mission is granted to a segment, the only way to remove it is to delete the entire mission.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await within(dialog).findByText('Please select a segment.')).toBeTruthy();
    await user.click(within(dialog).getByRole('textbox', { name: 'User Segment' }));
    await user.click(await screen.findByRole('option', { name: /AllPlayers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully saved the segment for this challenge.')).toBeTruthy();
    expect(api.callsTo(`POST /api/challenges/${LOGINS_ID}/segments/${ALL_PLAYERS_ID}`)).toHaveLength(1);
  });

  it('asks before removing an objective tree of a saved challenge', async () => {
    serveChallenges();
    renderApp(`/console/challenge/${SUMMER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Summer Spree' });
    await within(canvas()).findByText('Big spender');
    await user.click(within(canvas()).getByRole('button', { name: 'Remove objective Big spender' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm deletion of objective trees' });
    expect(
      within(confirm).getByText('Users could lose access to this objective and its rewards.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(canvas()).queryByText('Big spender')).toBeNull());
    expect(within(canvas()).queryByText('Credit/Debit Card')).toBeNull();
    expect(within(canvas()).queryByText('Big Spender')).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("brings a trigger quantity inside its event type's bounds when the field is left", async () => {
    serveChallenges();
    renderApp('/console/challenge');
    await screen.findByRole('heading', { level: 1, name: 'Create a challenge' });
    await pickNode(screen.getByRole('button', { name: 'Add Objective' }), 'Number of Logins');
    const quantity = within(nodePanel()).getByRole('textbox', {
      name: 'Trigger Quantity',
    }) as HTMLInputElement;
    await user.clear(quantity);
    await user.type(quantity, '1000');
    fireEvent.blur(quantity);
    await waitFor(() => expect(quantity.value).toBe('365'));
    expect(within(canvas()).getByText('Target: 365')).toBeTruthy();
  });

  it('saves a saved challenge with PUT, sending its stored image without uploading it again', async () => {
    const stored = {
      url: 'http://127.0.0.1:8080/media/challenge_image/spree.png',
      etag: 'e1',
      file_name: 'spree.png',
    };
    const withImage = { ...SUMMER, image: stored };
    const api = serveChallenges(
      {},
      {
        [`GET /api/challenges/${SUMMER_ID}`]: () => ok(withImage),
        [`PUT /api/challenges/${SUMMER_ID}`]: (body) =>
          ok({ ...withImage, ...(body as object), updated_at: '2026-11-02T10:00:00.000Z' }),
      },
    );
    renderApp(`/console/challenge/${SUMMER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Summer Spree' });
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), ' Now with a bonus.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/challenges/${SUMMER_ID}`)).toHaveLength(1));
    expect(api.callsTo('POST /api/upload/upload')).toHaveLength(0);
    expect(api.callsTo(`PUT /api/challenges/${SUMMER_ID}`)[0]?.body).toMatchObject({
      image: stored,
      description: 'Spend R200 by card this summer. Now with a bonus.',
    });
    // The saved challenge starts the form afresh: nothing is edited any more.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it("goes back to the list with 'Something went wrong when retrieving your challenge!' when loading fails", async () => {
    serveChallenges(
      {},
      { [`GET /api/challenges/${SUMMER_ID}`]: () => fail(404, 'The challenge could not be found.') },
    );
    const { router } = renderApp(`/console/challenge/${SUMMER_ID}`);
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your challenge!',
    });
    expect(within(modal).getByText('The challenge could not be found.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/challenges'));
  });

  it('deletes the challenge from its editor after the confirmation, then shows the list', async () => {
    const api = serveChallenges({}, { [`DELETE /api/challenges/${SUMMER_ID}`]: () => ok(SUMMER) });
    const { router } = renderApp(`/console/challenge/${SUMMER_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Summer Spree' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', {
      name: "Confirm deletion of 'Summer Spree' challenge",
    });
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully deleted challenge.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/challenges'));
    expect(api.callsTo(`DELETE /api/challenges/${SUMMER_ID}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /retrieving/ })).toBeNull();
  });

  it('targets products searched by name on the product/category node, with Match All', async () => {
    const product = (id: string, title: string) => ({
      _id: id,
      title,
      sku: `SKU-${id.slice(0, 3)}`,
      pid: id.slice(0, 4),
      price: 38.5,
      image_url: null,
      description: null,
      category_ids: [],
      categories: [],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const beans = product('1'.repeat(24), 'House Beans 1 kg');
    const api = serveChallenges(
      {},
      {
        'GET /api/v2/product/list': () =>
          ok({ product_list: [beans, product('2'.repeat(24), 'Flat White')], count: 2 }),
      },
    );
    renderApp('/console/challenge');
    await screen.findByRole('heading', { level: 1, name: 'Create a challenge' });
    await pickNode(screen.getByRole('button', { name: 'Add Objective' }), 'Product Purchased');
    await pickNode(
      await within(canvas()).findByRole('button', { name: 'Add next node after Product Purchased' }),
      'Product / Category',
    );
    const panel = nodePanel();
    expect(within(panel).getByRole('textbox', { name: 'Title' })).toBeTruthy();
    expect(within(panel).getByRole('textbox', { name: 'Trigger Quantity' })).toBeTruthy();
    expect((within(panel).getByRole('combobox', { name: 'Target Type' }) as HTMLInputElement).value).toBe(
      'Products',
    );
    await user.type(within(panel).getByRole('textbox', { name: 'Products' }), 'beans');
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) => call.path === '/api/v2/product/list' && call.url.includes('search_string=beans'),
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('option', { name: /House Beans 1 kg/ }));
    await user.click(within(panel).getByRole('checkbox', { name: /Match All/ }));
    expect(within(canvas()).getByText('House Beans 1 kg (all) × 1')).toBeTruthy();
  });
});

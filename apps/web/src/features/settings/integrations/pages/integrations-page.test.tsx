import type { TApiKey, TEventLogEntry, TPlan } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { fail, ok, stubApi } from '@/test/stub-api';

const PATH = '/console/settings/integrations';
const KEYS = 'GET /api/integrations/api-keys';
const EVENTS = 'GET /api/integrations/events';
const TILL_KEY = '1'.repeat(24);
const OLD_KEY = '2'.repeat(24);
const CUSTOMER_ID = 'c'.repeat(24);
const PARKED_ID = 'd1'.repeat(12);
const SECRET = 'lrl_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0ffeeddccbbaa';

const apiKey = (key: Partial<TApiKey>): TApiKey => ({
  _id: TILL_KEY,
  name: 'Tills at Sea Point',
  prefix: 'lrl_live_4f2a',
  created_at: '2026-03-02T08:15:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...key,
});

const KEY_LIST = [
  apiKey({}),
  apiKey({
    _id: OLD_KEY,
    name: 'Old website',
    prefix: 'lrl_live_77aa',
    last_used_at: '2026-03-01T10:00:00.000Z',
    revoked_at: '2026-03-02T09:00:00.000Z',
  }),
];

const event = (entry: Partial<TEventLogEntry>): TEventLogEntry => ({
  _id: 'e1'.repeat(12),
  event_id: 'till-7-000123',
  type: 'order.created',
  customer_id: CUSTOMER_ID,
  customer_name: 'Ayanda Dube',
  occurred_at: '2026-03-02T08:30:00.000Z',
  received_at: '2026-03-02T08:30:01.000Z',
  processed_at: '2026-03-02T08:30:02.000Z',
  status: 'processed',
  attempts: 1,
  error: null,
  data: { order_id: 'A-1009', total: 84.5 },
  ...entry,
});

const EVENT_LIST = [
  event({}),
  event({
    _id: PARKED_ID,
    event_id: 'stamp-17',
    type: 'statistic.update',
    status: 'parked',
    processed_at: null,
    attempts: 3,
    error: 'No statistic is named coffeeStamps.',
    data: { name: 'coffeeStamps', value: 1 },
  }),
  event({ _id: 'e3'.repeat(12), event_id: 'app-login-88', type: 'user.logged-in', status: 'duplicate' }),
  event({
    _id: 'e4'.repeat(12),
    event_id: 'gift-2',
    type: 'gift.sent',
    status: 'skipped',
    customer_name: null,
  }),
];

const page = (content: TEventLogEntry[]) =>
  jsonResponse(200, {
    success: true,
    message: 'OK',
    content,
    pagination: { count: content.length, hasMore: false },
  });

type TReplies = Parameters<typeof stubApi>[0];

const serve = (plan: TPlan = 'BUSINESS', replies: TReplies = {}) =>
  stubApi({
    'GET /api/v2/client': () => ok(clientFixture({ clientSubscription: { name: plan, status: 'ACTIVE' } })),
    [KEYS]: () => ok(KEY_LIST),
    [EVENTS]: () => page(EVENT_LIST),
    ...replies,
  });

const open = (path = PATH) => {
  sessionStore.set(sessionFixture(), false);
  return renderApp(path);
};

const keysTable = () => screen.findByRole('table', { name: 'API Keys' });
const eventRow = async (eventId: string) => {
  const cell = await screen.findByRole('button', { name: eventId });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${eventId}`);
  return row;
};
const lastEventsQuery = (api: ReturnType<typeof serve>) =>
  Object.fromEntries(new URL(api.callsTo(EVENTS).at(-1)?.url ?? '', 'http://x').searchParams);

describe('integrations tab: API keys', () => {
  it('lists the keys: prefix, Never for an unused key, Active or Revoked; only an active key can be revoked', async () => {
    serve();
    open();
    const table = within(await keysTable());
    expect(await table.findByText('Tills at Sea Point')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Integrations', selected: true })).toBeTruthy();
    const [, till, old] = table.getAllByRole('row');
    if (!till || !old) throw new Error('two keys expected');
    expect(within(till).getByText('lrl_live_4f2a…')).toBeTruthy();
    expect(within(till).getByText('Never')).toBeTruthy();
    expect(within(till).getByText('Active')).toBeTruthy();
    expect(within(till).getByRole('button', { name: 'Revoke Tills at Sea Point' })).toBeTruthy();
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).queryByText('Never')).toBeNull();
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('keeps what the keys table scrolls inside it: its scroller is positioned, so the page never scrolls sideways', async () => {
    serve();
    open();
    const table = await keysTable();
    // Mantine's scroll container: the table's wrapper (its inner div) and the scroller around it.
    const scroller = table.parentElement?.parentElement ?? null;
    expect(scroller?.className).toMatch(/scrollContainer(?!Inner)/);
    // Its Actions header's visually hidden text is absolute: without a positioned scroller it escaped the clip.
    expect(within(table).getByText('Actions')).toBeTruthy();
    expect(scroller && getComputedStyle(scroller).position).toBe('relative');
  });

  it('creates a key and shows it once, with a copy button and the warning; closing it forgets the key', async () => {
    const api = serve('FREEMIUM', {
      'POST /api/integrations/api-keys': (body) =>
        ok(
          { ...apiKey({ _id: '3'.repeat(24), name: (body as { name: string }).name }), key: SECRET },
          'API key created. Copy it now: it will not be shown again.',
        ),
    });
    const { router } = open();
    await keysTable();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    expect(router.state.location.search).toBe('?action=create-api-key');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).queryByText('name is required')).toBeNull();
    expect(api.callsTo('POST /api/integrations/api-keys')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Online shop ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'API Key Created' });
    expect(api.callsTo('POST /api/integrations/api-keys')[0]?.body).toEqual({ name: 'Online shop' });
    expect(within(shown).getByRole('textbox', { name: 'API key' })).toHaveProperty('value', SECRET);
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create API Key' })).toBeNull());
    expect(router.state.location.search).toBe('');
    // The list is read again, so that the new key is in it.
    await waitFor(() => expect(api.callsTo(KEYS).length).toBeGreaterThan(1));

    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'API Key Created' })).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("a refused key opens the message modal with the server's message and keeps the form", async () => {
    serve('BUSINESS', {
      'POST /api/integrations/api-keys': () => fail(400, 'Name must not be more than 80 characters'),
    });
    open(`${PATH}?action=create-api-key`);
    const dialog = await screen.findByRole('dialog', { name: 'Create API Key' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Online shop');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const modal = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.createFailed });
    expect(within(modal).getByText('Name must not be more than 80 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Online shop');
  });

  it('revokes a key only after the confirmation', async () => {
    const api = serve('BUSINESS', {
      [`DELETE /api/integrations/api-keys/${TILL_KEY}`]: () =>
        ok(apiKey({ revoked_at: '2026-03-03T08:00:00.000Z' }), 'API key revoked.'),
    });
    open();
    const user = userEvent.setup({ delay: null });
    const revoke = await screen.findByRole('button', { name: 'Revoke Tills at Sea Point' });

    await user.click(revoke);
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    expect(within(confirm).getByText(/stops working at once/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke API key?' })).toBeNull());
    expect(api.callsTo(`DELETE /api/integrations/api-keys/${TILL_KEY}`)).toHaveLength(0);

    await user.click(revoke);
    confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo(`DELETE /api/integrations/api-keys/${TILL_KEY}`)).toHaveLength(1));
    expect(await screen.findByText('API key revoked.')).toBeTruthy();
    await waitFor(() => expect(api.callsTo(KEYS).length).toBeGreaterThan(1));
  });

  it('explains how to send events, with a curl example for this very host', async () => {
    serve();
    open();
    await keysTable();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'How to send events' }));
    const example = await screen.findByRole('group', { name: 'Example request' });
    const text = example.textContent ?? '';
    expect(text).toContain(`curl -X POST ${window.location.origin}/api/v1/events`);
    expect(text).toContain('Authorization: Bearer <your API key>');
    expect(text).toContain('"type": "order.created"');
    expect(screen.getByText('X-Api-Key: <key>', { selector: 'code' })).toBeTruthy();
  });
});

describe('integrations tab: event log', () => {
  it('shows each event with its status chip and customer; only a parked event offers Retry', async () => {
    const api = serve();
    open();
    const parked = await eventRow('stamp-17');
    // The list is newest first by arrival, so the arrival time is a column; processing time waits to be chosen.
    const table = parked.closest('table') as HTMLElement;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Occurred', 'Received']));
    expect(headers).not.toContain('Processed');
    expect(within(parked).getByText('Parked')).toBeTruthy();
    expect(within(parked).getByText('No statistic is named coffeeStamps.')).toBeTruthy();
    expect(within(parked).getByRole('button', { name: 'Retry event stamp-17' })).toBeTruthy();

    const processed = await eventRow('till-7-000123');
    expect(within(processed).getByText('Processed')).toBeTruthy();
    expect(within(processed).getByRole('link', { name: 'Ayanda Dube' }).getAttribute('href')).toBe(
      `/console/customers/customer-profile/${CUSTOMER_ID}`,
    );
    expect(within(await eventRow('app-login-88')).getByText('Duplicate')).toBeTruthy();
    const skipped = await eventRow('gift-2');
    expect(within(skipped).getByText('Skipped')).toBeTruthy();
    expect(within(skipped).getByRole('link', { name: 'Unknown customer' })).toBeTruthy();

    expect(screen.getAllByRole('button', { name: /^Retry event / })).toHaveLength(1);
    expect(lastEventsQuery(api)).toEqual({ page: '1', size: '15' });
  });

  it('fits its columns: a type may break after its dots only, and Retry is an icon with its name', async () => {
    serve('BUSINESS', {
      [EVENTS]: () =>
        page([
          ...EVENT_LIST,
          event({ _id: 'e5'.repeat(12), event_id: 'till-9', type: 'order.status-change' }),
        ]),
    });
    open();
    const type = within(await eventRow('till-9')).getByText('order.status-change');
    // <wbr>, not a zero-width space: a copied type is the type.
    expect(type.textContent).toBe('order.status-change');
    expect(type.innerHTML).toBe('order.<wbr>status-change');
    // Nowrap, so that its hyphen does not break it: Chromium still breaks at the <wbr>.
    expect(type.style.whiteSpace).toBe('nowrap');
    const retry = within(await eventRow('stamp-17')).getByRole('button', { name: 'Retry event stamp-17' });
    expect(retry.textContent).toBe('');
    expect(retry.querySelector('svg')).toBeTruthy();
  });

  it('retries a parked event: the server says so and the table is read again', async () => {
    const api = serve('BUSINESS', {
      [`POST /api/integrations/events/${PARKED_ID}/retry`]: () =>
        ok(event({ _id: PARKED_ID, status: 'accepted' }), 'The event will be processed again.'),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(await eventRow('stamp-17')).getByRole('button', { name: 'Retry event stamp-17' }),
    );
    expect(await screen.findByText('The event will be processed again.')).toBeTruthy();
    expect(api.callsTo(`POST /api/integrations/events/${PARKED_ID}/retry`)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(EVENTS).length).toBeGreaterThan(1));
    // The click retried; it did not open the event.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a refused retry opens the message modal with the server's message", async () => {
    serve('BUSINESS', {
      [`POST /api/integrations/events/${PARKED_ID}/retry`]: () =>
        fail(409, 'Only a parked event can be retried.'),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(
      within(await eventRow('stamp-17')).getByRole('button', { name: 'Retry event stamp-17' }),
    );
    const modal = await screen.findByRole('dialog', { name: INTEGRATION_TEXTS.retryFailed });
    expect(within(modal).getByText('Only a parked event can be retried.')).toBeTruthy();
  });

  it('sends the status, type and search filters as query parameters, kept in the URL; Reset clears them', async () => {
    const api = serve();
    const { router } = open();
    await eventRow('stamp-17');
    const user = userEvent.setup({ delay: null });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Parked' }));
    await waitFor(() => expect(lastEventsQuery(api).status).toBe('parked'));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'statistic.update' }));
    await waitFor(() => expect(lastEventsQuery(api).type).toBe('statistic.update'));

    await user.type(screen.getByRole('textbox', { name: 'Search the event log' }), 'stamp');
    await waitFor(() => expect(lastEventsQuery(api).search_string).toBe('stamp'));
    expect(lastEventsQuery(api)).toEqual({
      page: '1',
      size: '15',
      status: 'parked',
      type: 'statistic.update',
      search_string: 'stamp',
    });
    expect(router.state.location.search).toBe('?status=parked&type=statistic.update&search=stamp');

    await user.click(reset);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastEventsQuery(api)).toEqual({ page: '1', size: '15' }));
  });

  it('a row opens the event: its data pretty-printed and its error; Back closes it', async () => {
    serve();
    const { router } = open();
    const user = userEvent.setup({ delay: null });
    await user.click(within(await eventRow('stamp-17')).getByText('statistic.update'));
    const dialog = await screen.findByRole('dialog', { name: 'Event stamp-17' });
    expect(router.state.location.search).toBe(`?event=${PARKED_ID}`);
    expect(within(dialog).getByText('Parked')).toBeTruthy();
    expect(within(dialog).getByText('No statistic is named coffeeStamps.')).toBeTruthy();
    const data = within(dialog).getByRole('group', { name: 'Event data' });
    expect(data.querySelector('pre')?.textContent).toBe('{\n  "name": "coffeeStamps",\n  "value": 1\n}');
    expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("names an order's events by the order's number and links the order from the event", async () => {
    const orderId = '6a1b2c3d4e5f60718293a4b5';
    serve('BUSINESS', {
      [EVENTS]: () =>
        page([
          event({ event_id: `order:${orderId}`, data: { order_id: 'WEB-100231', total: 84.5 } }),
          event({
            _id: 'e6'.repeat(12),
            event_id: `order:${orderId}:status:2`,
            type: 'order.status-change',
            data: { order_id: 'WEB-100231', status: 'FULFILLED' },
          }),
        ]),
    });
    open();
    const user = userEvent.setup({ delay: null });
    const named = await screen.findAllByRole('button', { name: 'Order WEB-100231' });
    expect(named).toHaveLength(2);
    expect(screen.queryByText(/^order:/)).toBeNull();
    // The whole id is still at hand, on hover and in the dialog.
    expect(named[1]?.getAttribute('title')).toBe(`order:${orderId}:status:2`);

    await user.click(named[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: `Event order:${orderId}:status:2` });
    expect(within(dialog).getByRole('link', { name: 'WEB-100231' }).getAttribute('href')).toBe(
      `/console/order/${orderId}`,
    );
  });

  it("an integrator's own event keeps its id, and its dialog names no order", async () => {
    serve();
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'till-7-000123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Event till-7-000123' });
    expect(within(dialog).queryByText('Order')).toBeNull();
  });

  it('reads the log again every few seconds while an event waits, and stops once none does', async () => {
    let answers = 0;
    const api = serve('BUSINESS', {
      [EVENTS]: () => {
        answers += 1;
        return page([event({ status: answers === 1 ? 'accepted' : 'processed', processed_at: null })]);
      },
    });
    open();
    const row = await eventRow('till-7-000123');
    expect(within(row).getByText('Accepted')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Processed')).toBeTruthy());
    const calls = api.callsTo(EVENTS).length;
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(api.callsTo(EVENTS)).toHaveLength(calls);
  });
});

describe('integrations tab: plans', () => {
  it('outside Business the keys are there, the log is locked and Upgrade opens the upgrade prompt', async () => {
    const api = serve('FREEMIUM');
    open();
    expect(await screen.findByText(INTEGRATION_TEXTS.eventLogLocked)).toBeTruthy();
    expect(within(await keysTable()).getByText('Tills at Sea Point')).toBeTruthy();
    expect(api.callsTo(EVENTS)).toHaveLength(0);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();
  });

  it('a 402 from the log opens the upgrade prompt and locks the log', async () => {
    serve('BUSINESS', { [EVENTS]: () => fail(402, 'Upgrade your plan to use this feature.') });
    open();
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();
    expect(screen.getByText(INTEGRATION_TEXTS.eventLogLocked)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: INTEGRATION_TEXTS.eventLogFailed })).toBeNull();
  });
});

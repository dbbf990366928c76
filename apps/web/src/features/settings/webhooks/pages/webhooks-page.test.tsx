import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGES } from '@laurel/contract';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { webhookKeys } from '@/features/settings/webhooks/api';
import {
  attemptFixture,
  CRM_URL,
  deliveryFixture,
  ENDPOINTS,
  ENDPOINTS_KEY,
  endpointFixture,
  SECRET,
  SHOP_ID,
  SHOP_URL,
  serveWebhooks,
  URL_POLICY_KEY,
  withSecret,
} from '@/features/settings/webhooks/test-server';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

const PATH = '/console/settings/integrations/webhooks';
const PAUSED_URL = 'https://erp.example.com/laurel';

const endpointsTable = () => screen.findByRole('table', { name: 'Webhooks' });
const rowOf = async (url: string) => {
  const link = await screen.findByRole('link', { name: `Deliveries of ${url}` });
  const row = link.closest('tr');
  if (!row) throw new Error(`no row for ${url}`);
  return within(row);
};
const user = () => userEvent.setup({ delay: null });
const POST_KEY = `POST ${ENDPOINTS_KEY.slice(4)}`;
/** The server's URL rule has arrived (or its request failed): the form checks with it from then on. */
const urlPolicySettled = (queryClient: QueryClient) =>
  waitFor(() => expect(queryClient.getQueryState(webhookKeys.urlPolicy)?.status).not.toBe('pending'));
const created = (body: unknown) =>
  ok(withSecret(endpointFixture({ _id: 'f7'.repeat(12), ...(body as object) })));

describe('webhooks: the endpoint list', () => {
  it('shows each endpoint: URL to its deliveries, event types, status with the reason, pending and failed', async () => {
    serveWebhooks();
    renderApp(PATH);
    await endpointsTable();
    expect(screen.getByRole('tab', { name: 'Integrations', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Webhooks', selected: true })).toBeTruthy();

    const shop = await rowOf(SHOP_URL);
    expect(shop.getByRole('link', { name: `Deliveries of ${SHOP_URL}` }).getAttribute('href')).toBe(
      `${PATH}/${SHOP_ID}`,
    );
    expect(shop.getByText('4 event types')).toBeTruthy();
    expect(shop.getByText('customer.created')).toBeTruthy();
    expect(shop.getByText('+1 more')).toBeTruthy();
    expect(shop.getByText('Active')).toBeTruthy();
    expect(shop.getByRole('switch', { name: `Active: ${SHOP_URL}` })).toHaveProperty('checked', true);
    const [pending, failed] = shop.getAllByRole('cell').slice(3, 5);
    expect(pending?.textContent).toBe('2');
    expect(failed?.textContent).toBe('0');

    const crm = await rowOf(CRM_URL);
    expect(crm.getByText('Disabled after failures')).toBeTruthy();
    expect(crm.getByText(/Deliveries failed for 3 days/)).toBeTruthy();
    expect(crm.getByText('1 event type')).toBeTruthy();
    expect(crm.getByRole('switch', { name: `Active: ${CRM_URL}` })).toHaveProperty('checked', false);
  });

  it('tells an endpoint the admin paused from one Laurel disabled after failures', async () => {
    const paused = endpointFixture({ _id: 'f1'.repeat(12), url: PAUSED_URL, active: false });
    serveWebhooks('BUSINESS', { [ENDPOINTS_KEY]: () => ok([...ENDPOINTS, paused]) });
    renderApp(PATH);
    const row = await rowOf(PAUSED_URL);
    expect(row.getByText('Paused')).toBeTruthy();
    expect(row.queryByText(/Disabled/)).toBeNull();
    expect(row.getByRole('switch', { name: `Active: ${PAUSED_URL}` })).toHaveProperty('checked', false);
    const crm = await rowOf(CRM_URL);
    expect(crm.getByText('Disabled after failures')).toBeTruthy();
    expect(crm.queryByText('Paused')).toBeNull();
  });

  it('an endpoint with every event type says only "All event types", with no chips or "+12 more"', async () => {
    const all = endpointFixture({
      _id: 'f2'.repeat(12),
      url: PAUSED_URL,
      event_types: [...WEBHOOK_EVENT_TYPES],
    });
    serveWebhooks('BUSINESS', { [ENDPOINTS_KEY]: () => ok([...ENDPOINTS, all]) });
    renderApp(PATH);
    const row = await rowOf(PAUSED_URL);
    const types = row.getByText('All event types').closest('td');
    expect(types?.textContent).toBe('All event types');
    expect(row.queryByText('customer.created')).toBeNull();
    expect(row.queryByText(/more$/)).toBeNull();
  });

  it('breaks a long URL after "/", "." and "-", never mid-word; a copied URL is still the URL', async () => {
    const long = 'https://hooks.receiver-one.example.com/laurel/probe-hook?source=console';
    serveWebhooks('BUSINESS', { [ENDPOINTS_KEY]: () => ok([endpointFixture({ url: long })]) });
    renderApp(PATH);
    const link = await screen.findByRole('link', { name: `Deliveries of ${long}` });
    expect(link.textContent).toBe(long);
    // The break-all that cut 'probe-hoo' / 'k' is gone; each <wbr> follows a separator, '://' stays whole.
    expect(link.style.wordBreak).toBe('');
    expect(link.innerHTML.split('<wbr>')).toEqual([
      'https://',
      'hooks.',
      'receiver-',
      'one.',
      'example.',
      'com/',
      'laurel/',
      'probe-',
      'hook?',
      'source=',
      'console',
    ]);
  });

  it('keeps what the endpoints table scrolls inside it: its scroller is positioned, so the page never scrolls sideways', async () => {
    serveWebhooks();
    renderApp(PATH);
    const table = await endpointsTable();
    // Mantine's scroll container: the table's wrapper (its inner div) and the scroller around it.
    const scroller = table.parentElement?.parentElement ?? null;
    expect(scroller?.className).toMatch(/scrollContainer(?!Inner)/);
    // Its Actions header's visually hidden text is absolute: without a positioned scroller it escaped the clip.
    expect(within(table).getByText('Actions')).toBeTruthy();
    expect(scroller && getComputedStyle(scroller).position).toBe('relative');
  });

  it('the sub-tabs lead to the API keys and back', async () => {
    serveWebhooks('BUSINESS', {
      'GET /api/integrations/api-keys': () => ok([]),
      'GET /api/integrations/events': () => ok([]),
    });
    const { router } = renderApp(PATH);
    await endpointsTable();
    await user().click(screen.getByRole('tab', { name: 'API Keys & Event Log' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/settings/integrations'));
    expect(await screen.findByRole('table', { name: 'API Keys' })).toBeTruthy();
  });

  it('switching an endpoint off sends its URL and types with active false', async () => {
    const api = serveWebhooks('BUSINESS', {
      [`PUT /api/integrations/webhooks/${SHOP_ID}`]: () => ok(endpointFixture({ active: false })),
    });
    renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    await user().click(shop.getByRole('switch', { name: `Active: ${SHOP_URL}` }));
    await waitFor(() => expect(api.callsTo(`PUT /api/integrations/webhooks/${SHOP_ID}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/integrations/webhooks/${SHOP_ID}`)[0]?.body).toEqual({
      url: SHOP_URL,
      event_types: ENDPOINTS[0]?.event_types,
      active: false,
    });
    await waitFor(() => expect(api.callsTo(ENDPOINTS_KEY).length).toBeGreaterThan(1));
  });

  it('deletes an endpoint only after the confirmation', async () => {
    const key = `DELETE /api/integrations/webhooks/${SHOP_ID}`;
    const api = serveWebhooks('BUSINESS', {
      [key]: () => ok(endpointFixture(), 'Webhook endpoint deleted.'),
    });
    renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    const clicks = user();
    await clicks.click(shop.getByRole('button', { name: `Delete ${SHOP_URL}` }));
    let confirm = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.deleteTitle });
    await clicks.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXTS.deleteTitle })).toBeNull());
    expect(api.callsTo(key)).toHaveLength(0);

    await clicks.click(shop.getByRole('button', { name: `Delete ${SHOP_URL}` }));
    confirm = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.deleteTitle });
    await clicks.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Webhook endpoint deleted.')).toBeTruthy();
    expect(api.callsTo(key)).toHaveLength(1);
  });

  it('edits an endpoint: the form starts from it and sends the change', async () => {
    const key = `PUT /api/integrations/webhooks/${SHOP_ID}`;
    const api = serveWebhooks('BUSINESS', { [key]: () => ok(endpointFixture(), 'Webhook endpoint saved.') });
    const { router } = renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    const clicks = user();
    await clicks.click(shop.getByRole('button', { name: `Edit ${SHOP_URL}` }));
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.editEndpoint }));
    expect(router.state.location.search).toBe(`?edit=${SHOP_ID}`);
    expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', SHOP_URL);
    expect(dialog.getByRole('checkbox', { name: 'tier.changed' })).toHaveProperty('checked', true);
    await clicks.click(dialog.getByRole('checkbox', { name: 'wallet.credited' }));
    await clicks.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(key)).toHaveLength(1));
    expect(api.callsTo(key)[0]?.body).toEqual({
      url: SHOP_URL,
      event_types: [
        'customer.created',
        'badge.granted',
        'tier.changed',
        'wallet.credited',
        'reward.redeemed',
      ],
      active: true,
    });
    expect(await screen.findByText('Webhook endpoint saved.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('webhooks: adding an endpoint and its secret', () => {
  it('asks for a URL and at least one event type, with the contract messages, before sending anything', async () => {
    const api = serveWebhooks();
    const { router } = renderApp(PATH);
    await endpointsTable();
    const clicks = user();
    await clicks.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    expect(router.state.location.search).toBe('?action=add-webhook');
    // Each type with its one-line description; the switch starts on.
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(dialog.getByRole('checkbox', { name: type })).toHaveProperty('checked', false);
    }
    expect(dialog.getByText(WEBHOOK_EVENT_DESCRIPTIONS['points.expiring'])).toBeTruthy();
    expect(dialog.getByRole('switch', { name: /^Active/ })).toHaveProperty('checked', true);

    await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlRequired)).toBeTruthy();
    expect(dialog.getByText(WEBHOOK_MESSAGES.eventTypesRequired)).toBeTruthy();

    await clicks.type(dialog.getByRole('textbox', { name: 'URL' }), 'shop.example.com/hooks');
    await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlInvalid)).toBeTruthy();
    expect(api.callsTo(POST_KEY)).toHaveLength(0);

    // Select all checks every type, and a second click clears them.
    const all = dialog.getByRole('checkbox', { name: WEBHOOK_TEXTS.selectAll });
    await clicks.click(all);
    expect(dialog.getAllByRole('checkbox', { checked: true })).toHaveLength(WEBHOOK_EVENT_TYPES.length + 1);
    expect(dialog.queryByText(WEBHOOK_MESSAGES.eventTypesRequired)).toBeNull();
    await clicks.click(all);
    expect(dialog.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('refuses a plain http URL with the server’s message before sending, but takes a loopback one', async () => {
    const api = serveWebhooks('BUSINESS', { [POST_KEY]: created });
    const { queryClient } = renderApp(PATH);
    await endpointsTable();
    await urlPolicySettled(queryClient);
    const clicks = user();
    await clicks.click(screen.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    await clicks.click(dialog.getByRole('checkbox', { name: 'customer.created' }));
    const url = dialog.getByRole('textbox', { name: 'URL' });
    for (const [typed, message] of [
      ['http://erp.example.com/laurel', WEBHOOK_MESSAGES.urlNotHttps],
      ['https://me:secret@erp.example.com/laurel', WEBHOOK_MESSAGES.urlCredentials],
    ] as const) {
      await clicks.clear(url);
      await clicks.type(url, typed);
      await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
      expect(await dialog.findByText(message)).toBeTruthy();
    }
    expect(api.callsTo(POST_KEY)).toHaveLength(0);
    // A developer's own receiver on this machine: the server takes it outside production.
    await clicks.clear(url);
    await clicks.type(url, 'http://127.0.0.1:4000/hooks');
    await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    await waitFor(() => expect(api.callsTo(POST_KEY)).toHaveLength(1));
    expect(api.callsTo(POST_KEY)[0]?.body).toMatchObject({
      url: 'http://127.0.0.1:4000/hooks',
    });
  });

  it('adds an endpoint and shows its secret once, with a copy button; closing it forgets the secret', async () => {
    const key = 'POST /api/integrations/webhooks';
    const api = serveWebhooks('BUSINESS', {
      [key]: (body) =>
        ok(
          withSecret(endpointFixture({ _id: 'f6'.repeat(12), ...(body as object) })),
          'Webhook endpoint added.',
        ),
    });
    const { router } = renderApp(`${PATH}?action=add-webhook`);
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    const clicks = user();
    await clicks.type(dialog.getByRole('textbox', { name: 'URL' }), '  https://erp.example.com/laurel ');
    await clicks.click(dialog.getByRole('checkbox', { name: 'reward.redeemed' }));
    await clicks.click(dialog.getByRole('checkbox', { name: 'customer.created' }));
    await clicks.click(dialog.getByRole('switch', { name: /^Active/ }));
    await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));

    const shown = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.secretCreatedTitle });
    expect(api.callsTo(key)[0]?.body).toEqual({
      url: 'https://erp.example.com/laurel',
      event_types: ['customer.created', 'reward.redeemed'],
      active: false,
    });
    expect(within(shown).getByRole('textbox', { name: WEBHOOK_TEXTS.secretLabel })).toHaveProperty(
      'value',
      SECRET,
    );
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint })).toBeNull());
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(api.callsTo(ENDPOINTS_KEY).length).toBeGreaterThan(1));

    await clicks.click(within(shown).getByRole('button', { name: WEBHOOK_TEXTS.copySecret }));
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    // Shown once: a reflexive Escape keeps it on screen, only Done closes it.
    await clicks.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: WEBHOOK_TEXTS.secretCreatedTitle })).toBe(shown);
    expect(within(shown).getByRole('textbox', { name: WEBHOOK_TEXTS.secretLabel })).toHaveProperty(
      'value',
      SECRET,
    );
    await clicks.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXTS.secretCreatedTitle })).toBeNull(),
    );
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it("a refused URL opens the message modal with the server's message and keeps the form", async () => {
    serveWebhooks('BUSINESS', {
      'POST /api/integrations/webhooks': () => fail(400, WEBHOOK_MESSAGES.urlPrivate),
    });
    renderApp(`${PATH}?action=add-webhook`);
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    const clicks = user();
    await clicks.type(dialog.getByRole('textbox', { name: 'URL' }), 'https://10.0.0.5/hooks');
    await clicks.click(dialog.getByRole('checkbox', { name: WEBHOOK_TEXTS.selectAll }));
    await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    const modal = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.saveFailed });
    expect(within(modal).getByText(WEBHOOK_MESSAGES.urlPrivate)).toBeTruthy();
    expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveProperty('value', 'https://10.0.0.5/hooks');
  });

  it('a double-click on Add Endpoint adds one endpoint, and after a refusal it can be sent again', async () => {
    const key = 'POST /api/integrations/webhooks';
    let replies = 0;
    const api = serveWebhooks('BUSINESS', {
      [key]: (body) => {
        replies += 1;
        return replies === 1 ? fail(400, WEBHOOK_MESSAGES.urlPrivate) : created(body);
      },
    });
    renderApp(`${PATH}?action=add-webhook`);
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    const clicks = user();
    await clicks.type(dialog.getByRole('textbox', { name: 'URL' }), 'https://erp.example.com/laurel');
    await clicks.click(dialog.getByRole('checkbox', { name: WEBHOOK_TEXTS.selectAll }));
    const add = dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint });
    // Both clicks before React re-renders the button busy.
    fireEvent.click(add);
    fireEvent.click(add);
    const modal = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.saveFailed });
    expect(api.callsTo(key)).toHaveLength(1);
    await clicks.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: WEBHOOK_TEXTS.saveFailed })).toBeNull());
    fireEvent.click(add);
    fireEvent.click(add);
    await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.secretCreatedTitle });
    expect(api.callsTo(key)).toHaveLength(2);
  });

  it('rotates the secret after a confirmation and shows the new one once', async () => {
    const key = `POST /api/integrations/webhooks/${SHOP_ID}/rotate-secret`;
    const api = serveWebhooks('BUSINESS', {
      [key]: () => ok(withSecret(endpointFixture(), 'whsec_new0001')),
    });
    renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    const clicks = user();
    await clicks.click(shop.getByRole('button', { name: `${WEBHOOK_TEXTS.rotate} of ${SHOP_URL}` }));
    const confirm = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.rotateTitle });
    expect(api.callsTo(key)).toHaveLength(0);
    await clicks.click(within(confirm).getByRole('button', { name: WEBHOOK_TEXTS.rotate }));
    const shown = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.secretRotatedTitle });
    expect(within(shown).getByRole('textbox', { name: WEBHOOK_TEXTS.secretLabel })).toHaveProperty(
      'value',
      'whsec_new0001',
    );
    expect(api.callsTo(key)).toHaveLength(1);
    await clicks.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: WEBHOOK_TEXTS.secretRotatedTitle })).toBe(shown);
  });
});

describe('webhooks: the URL rule is the server’s', () => {
  type TReply = () => Response | Promise<Response>;
  /**
   * A server answering its URL rule with `policy` and a save with `save`, at the add dialog with one event type
   * checked, once the rule has settled (unless `settle` is false).
   */
  const openAddDialog = async (policy: TReply, { save = created, settle = true } = {}) => {
    const api = serveWebhooks('BUSINESS', { [URL_POLICY_KEY]: policy, [POST_KEY]: save });
    const { queryClient } = renderApp(`${PATH}?action=add-webhook`);
    const dialog = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.addEndpoint }));
    if (settle) await urlPolicySettled(queryClient);
    const clicks = user();
    await clicks.click(dialog.getByRole('checkbox', { name: 'customer.created' }));
    const send = async (typed: string) => {
      const url = dialog.getByRole('textbox', { name: 'URL' });
      await clicks.clear(url);
      await clicks.type(url, typed);
      await clicks.click(dialog.getByRole('button', { name: WEBHOOK_TEXTS.addEndpoint }));
    };
    return { api, queryClient, dialog, send };
  };

  it('a server that takes plain http (WEBHOOK_ALLOW_HTTP=1): the form sends an http URL to any host', async () => {
    const { api, dialog, send } = await openAddDialog(() => ok({ allow_http: true, allow_loopback: true }));
    // The field's hint does not ask for https where the server does not.
    expect(dialog.getByText(/an address your systems answer on \(https recommended\)/)).toBeTruthy();
    await send('http://receiver.example.com/hooks');
    await waitFor(() => expect(api.callsTo(POST_KEY)).toHaveLength(1));
    expect(api.callsTo(POST_KEY)[0]?.body).toMatchObject({ url: 'http://receiver.example.com/hooks' });
    expect(dialog.queryByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeNull();
    expect(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.secretCreatedTitle })).toBeTruthy();
  });

  it('the strict rule (production): plain http is refused before sending, to a loopback host too', async () => {
    const { api, dialog, send } = await openAddDialog(() => ok({ allow_http: false, allow_loopback: false }));
    expect(dialog.getByText(/an https address your systems answer on/)).toBeTruthy();
    for (const typed of ['http://receiver.example.com/hooks', 'http://127.0.0.1:4000/hooks']) {
      await send(typed);
      expect(await dialog.findByText(WEBHOOK_MESSAGES.urlNotHttps), typed).toBeTruthy();
    }
    expect(api.callsTo(POST_KEY)).toHaveLength(0);
    await send('https://receiver.example.com/hooks');
    await waitFor(() => expect(api.callsTo(POST_KEY)).toHaveLength(1));
  });

  it('until the server’s rule arrives the form checks with the strict one, then with the server’s', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = () => new Promise<Response>((resolve) => (answer = resolve));
    const { api, queryClient, dialog, send } = await openAddDialog(pending, { settle: false });
    await waitFor(() => expect(api.callsTo(URL_POLICY_KEY)).toHaveLength(1));
    await send('http://receiver.example.com/hooks');
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeTruthy();
    expect(api.callsTo(POST_KEY)).toHaveLength(0);
    answer(ok({ allow_http: true, allow_loopback: true }));
    await urlPolicySettled(queryClient);
    await send('http://receiver.example.com/hooks');
    await waitFor(() => expect(api.callsTo(POST_KEY)).toHaveLength(1));
  });

  it('without the server’s rule (its request failed) Save still sends, and the server’s refusal is shown', async () => {
    const { api, dialog, send } = await openAddDialog(() => fail(503, 'Service unavailable'), {
      save: () => fail(400, WEBHOOK_MESSAGES.urlNotHttps),
    });
    // The failed request itself opens nothing: the form goes on.
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // What no server takes is still refused here.
    await send('https://me:secret@receiver.example.com/hooks');
    expect(await dialog.findByText(WEBHOOK_MESSAGES.urlCredentials)).toBeTruthy();
    await send('http://receiver.example.com/hooks');
    const modal = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.saveFailed });
    expect(within(modal).getByText(WEBHOOK_MESSAGES.urlNotHttps)).toBeTruthy();
    expect(api.callsTo(POST_KEY)).toHaveLength(1);
    expect(dialog.getByRole('textbox', { name: 'URL' })).toHaveProperty(
      'value',
      'http://receiver.example.com/hooks',
    );
  });
});

describe('webhooks: test event', () => {
  it('shows the status code the endpoint answered', async () => {
    const key = `POST /api/integrations/webhooks/${SHOP_ID}/test`;
    const api = serveWebhooks('BUSINESS', {
      [key]: () => ok(deliveryFixture({ event_type: 'webhook.test', customer_id: null })),
    });
    renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    await user().click(shop.getByRole('button', { name: `${WEBHOOK_TEXTS.sendTest} to ${SHOP_URL}` }));
    const result = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.testResultTitle }));
    expect(result.getByText(`${SHOP_URL} answered with status 200.`)).toBeTruthy();
    expect(result.getByText('84 ms')).toBeTruthy();
    expect(result.getByText('{"received":true}')).toBeTruthy();
    expect(api.callsTo(key)).toHaveLength(1);
  });

  it('shows the error when the endpoint did not answer', async () => {
    serveWebhooks('BUSINESS', {
      [`POST /api/integrations/webhooks/${SHOP_ID}/test`]: () =>
        ok(
          deliveryFixture({
            event_type: 'webhook.test',
            status: 'retrying',
            last_status_code: null,
            attempt_log: [
              attemptFixture({ status_code: null, response_excerpt: null, error: 'connect ECONNREFUSED' }),
            ],
          }),
        ),
    });
    renderApp(PATH);
    const shop = await rowOf(SHOP_URL);
    await user().click(shop.getByRole('button', { name: `${WEBHOOK_TEXTS.sendTest} to ${SHOP_URL}` }));
    const result = within(await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.testResultTitle }));
    expect(result.getByText(`${SHOP_URL} did not answer: connect ECONNREFUSED`)).toBeTruthy();
    expect(result.getByText(WEBHOOK_TEXTS.noAnswer)).toBeTruthy();
  });
});

describe('webhooks: plans', () => {
  it('outside Business the section is locked, nothing is asked of the API, and Upgrade opens the prompt', async () => {
    const api = serveWebhooks('GROWTH');
    renderApp(PATH);
    expect(await screen.findByText(WEBHOOK_TEXTS.locked)).toBeTruthy();
    expect(screen.queryByRole('button', { name: WEBHOOK_TEXTS.addEndpoint })).toBeNull();
    expect(api.callsTo(ENDPOINTS_KEY)).toHaveLength(0);
    await user().click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade your plan' })).toBeTruthy();
  });
});

import { WEBHOOK_MESSAGES } from '@laurel/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  attemptFixture,
  deliveriesKey,
  deliveryFixture,
  ENDPOINTS_KEY,
  endpointFixture,
  FAILED_ID,
  lastQuery,
  SHOP_ID,
  SHOP_URL,
  serveWebhooks,
} from '@/features/settings/webhooks/test-server';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';

const PATH = `/console/settings/integrations/webhooks/${SHOP_ID}`;
const FAILED_WEBHOOK = 'wh_01JFAILED0000000000000000';
const RESEND = `POST /api/integrations/webhook-deliveries/${FAILED_ID}/resend`;

const rowOf = async (webhookId: string) => {
  const cell = await screen.findByRole('button', { name: webhookId });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${webhookId}`);
  return within(row);
};
const user = () => userEvent.setup({ delay: null });
/** The endpoint's one page of deliveries is these. */
const serveDeliveries = (...deliveries: ReturnType<typeof deliveryFixture>[]) =>
  serveWebhooks('BUSINESS', { [deliveriesKey()]: () => listReply(deliveries) });

describe('webhook deliveries', () => {
  it('shows the endpoint and its deliveries: type, customer, status chip, last answer and attempts', async () => {
    const api = serveWebhooks();
    renderApp(PATH);
    expect(await screen.findByText(SHOP_URL)).toBeTruthy();
    expect(screen.getByRole('link', { name: WEBHOOK_TEXTS.backToWebhooks }).getAttribute('href')).toBe(
      '/console/settings/integrations/webhooks',
    );
    const failed = await rowOf(FAILED_WEBHOOK);
    expect(failed.getByText('reward.redeemed')).toBeTruthy();
    expect(failed.getByText('Failed')).toBeTruthy();
    expect(failed.getByText('500')).toBeTruthy();
    const delivered = await rowOf('wh_01JDELIVERED000000000000');
    expect(delivered.getByText('Delivered')).toBeTruthy();
    // The member by name and email, not an id, and no link out of the list.
    expect(delivered.getByText('Thandi Mokoena')).toBeTruthy();
    expect(delivered.getByText('thandi@example.com')).toBeTruthy();
    expect(delivered.queryByText('c3'.repeat(12))).toBeNull();
    expect(delivered.queryByRole('link')).toBeNull();
    expect(lastQuery(api, deliveriesKey())).toEqual({ page: '1', size: '15' });
    // Active: Resend is on, with nothing to explain.
    expect(failed.getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.queryByText(WEBHOOK_MESSAGES.endpointSwitchedOff)).toBeNull();
  });

  it('names what a delivery about no member concerns: a test event, a parked event with its type', async () => {
    serveDeliveries(
      deliveryFixture({
        _id: 'd1'.repeat(12),
        webhook_id: 'wh_test',
        event_type: 'webhook.test',
        customer_id: null,
        customer: null,
      }),
      deliveryFixture({
        _id: 'd2'.repeat(12),
        webhook_id: 'wh_parked',
        event_type: 'event.parked',
        customer_id: null,
        customer: null,
        body: {
          id: 'wh_parked',
          type: 'event.parked',
          created_at: '2026-11-20T09:00:00.000Z',
          client_id: 'f'.repeat(24),
          data: { event_id: 'evt-1', event_type: 'order.created', reason: 'Unknown customer' },
        },
      }),
    );
    renderApp(PATH);
    expect((await rowOf('wh_test')).getByText('Test event')).toBeTruthy();
    const parked = await rowOf('wh_parked');
    expect(parked.getByText('Parked event')).toBeTruthy();
    expect(parked.getByText('order.created')).toBeTruthy();
  });

  it('fits its columns: a long event type may break after its dots only, and Resend is an icon with its name', async () => {
    serveDeliveries(
      deliveryFixture({
        _id: 'd3'.repeat(12),
        webhook_id: 'wh_long',
        event_type: 'reward_track.milestone_reached',
      }),
    );
    renderApp(PATH);
    const row = await rowOf('wh_long');
    const type = row.getByText('reward_track.milestone_reached');
    // <wbr>, not a zero-width space: a copied type is the type.
    expect(type.textContent).toBe('reward_track.milestone_reached');
    expect(type.innerHTML).toBe('reward_track.<wbr>milestone_reached');
    const resend = row.getByRole('button', { name: `${WEBHOOK_TEXTS.resend} wh_long` });
    expect(resend.textContent).toBe('');
    expect(resend.querySelector('svg')).toBeTruthy();
  });

  it('tells time-ordered webhook ids apart: each shows its end uncut, the whole id is its name and on hover', async () => {
    // Ids of one second and one process differ only in their last characters.
    const ids = ['wh_6a1b2c3d9f8e7d6c5b000a01', 'wh_6a1b2c3d9f8e7d6c5b000a02'];
    serveDeliveries(...ids.map((webhook_id, i) => deliveryFixture({ _id: `d${i}`.repeat(12), webhook_id })));
    renderApp(PATH);
    const shown: string[] = [];
    for (const id of ids) {
      const cell = await screen.findByRole('button', { name: id });
      expect(cell.getAttribute('title')).toBe(id);
      // What the cell shows is shown whole (a cell that cut its text showed only the shared start).
      expect(cell.style.textOverflow).not.toBe('ellipsis');
      expect(cell.style.overflow).not.toBe('hidden');
      expect(cell.textContent?.endsWith(id.slice(-6))).toBe(true);
      shown.push(cell.textContent ?? '');
    }
    expect(new Set(shown).size).toBe(ids.length);
  });

  it('a click on the member opens the delivery, not the member; the dialog links to their profile', async () => {
    serveWebhooks();
    const { router } = renderApp(PATH);
    await user().click((await rowOf('wh_01JDELIVERED000000000000')).getByText('Thandi Mokoena'));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Delivery wh_01JDELIVERED000000000000' }),
    );
    expect(router.state.location.pathname).toBe(PATH);
    expect(dialog.getByRole('link', { name: 'Thandi Mokoena' }).getAttribute('href')).toBe(
      `/console/customers/customer-profile/${'c3'.repeat(12)}`,
    );
    expect(dialog.getByText('thandi@example.com')).toBeTruthy();
  });

  it('sends the status, event type and search as query parameters, kept in the URL; Reset clears them', async () => {
    const api = serveWebhooks();
    const { router } = renderApp(PATH);
    await rowOf(FAILED_WEBHOOK);
    const clicks = user();
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);
    const statuses = within(screen.getByRole('radiogroup', { name: 'Status' }));
    expect(statuses.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'all',
      'pending',
      'retrying',
      'delivered',
      'failed',
    ]);

    await clicks.click(statuses.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(lastQuery(api, deliveriesKey()).status).toBe('failed'));

    await clicks.click(screen.getByRole('combobox', { name: 'Event type' }));
    await clicks.click(await screen.findByRole('option', { name: 'reward.redeemed' }));
    await waitFor(() => expect(lastQuery(api, deliveriesKey()).event_type).toBe('reward.redeemed'));

    await clicks.type(screen.getByRole('textbox', { name: 'Search the deliveries' }), 'c3c3');
    await waitFor(() => expect(lastQuery(api, deliveriesKey()).search_string).toBe('c3c3'));
    expect(lastQuery(api, deliveriesKey())).toEqual({
      page: '1',
      size: '15',
      status: 'failed',
      event_type: 'reward.redeemed',
      search_string: 'c3c3',
    });
    expect(router.state.location.search).toBe('?status=failed&type=reward.redeemed&search=c3c3');

    await clicks.click(reset);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastQuery(api, deliveriesKey())).toEqual({ page: '1', size: '15' }));
    expect(statuses.getByRole('radio', { name: 'All' })).toHaveProperty('checked', true);
  });

  it('a row opens the delivery: its body as posted and every attempt with its answer or error', async () => {
    serveWebhooks();
    const { router } = renderApp(PATH);
    await user().click((await rowOf(FAILED_WEBHOOK)).getByText('reward.redeemed'));
    const dialog = within(await screen.findByRole('dialog', { name: `Delivery ${FAILED_WEBHOOK}` }));
    expect(router.state.location.search).toBe(`?delivery=${FAILED_ID}`);
    const body = dialog.getByRole('group', { name: 'Body' }).querySelector('pre')?.textContent ?? '';
    expect(JSON.parse(body)).toMatchObject({ id: FAILED_WEBHOOK, type: 'reward.redeemed' });
    const attempts = within(dialog.getByRole('group', { name: 'Attempts' }));
    expect(attempts.getByText('Attempts (2)')).toBeTruthy();
    expect(attempts.getByText('HTTP 500')).toBeTruthy();
    expect(attempts.getByText('Internal Server Error')).toBeTruthy();
    expect(attempts.getByText('1.3 s')).toBeTruthy();
    expect(attempts.getByText(WEBHOOK_TEXTS.noAnswer)).toBeTruthy();
    expect(attempts.getByText('Timed out after 10 s')).toBeTruthy();
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** The failed delivery, resent: the endpoint answered 204 this time. */
  const serveResendAnswering204 = () =>
    serveWebhooks('BUSINESS', {
      [RESEND]: () =>
        ok(
          deliveryFixture({
            _id: FAILED_ID,
            webhook_id: FAILED_WEBHOOK,
            attempt_log: [attemptFixture({ status_code: 204, response_excerpt: null })],
          }),
        ),
    });

  it('Resend sends the delivery again, says what the endpoint answered, and reads the list again', async () => {
    const api = serveResendAnswering204();
    renderApp(PATH);
    await user().click(
      (await rowOf(FAILED_WEBHOOK)).getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` }),
    );
    expect(await screen.findByText('Sent again: the endpoint answered with status 204.')).toBeTruthy();
    expect(api.callsTo(RESEND)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(deliveriesKey()).length).toBeGreaterThan(1));
    // The click resent; it did not open the delivery.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a double-click on Resend sends the delivery once, and it can be resent once that send is done', async () => {
    const api = serveResendAnswering204();
    renderApp(PATH);
    const resend = (await rowOf(FAILED_WEBHOOK)).getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` });
    // Both clicks before React re-renders the button busy.
    fireEvent.click(resend);
    fireEvent.click(resend);
    expect(await screen.findByText('Sent again: the endpoint answered with status 204.')).toBeTruthy();
    expect(api.callsTo(RESEND)).toHaveLength(1);
    await user().click(
      (await rowOf(FAILED_WEBHOOK)).getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` }),
    );
    await waitFor(() => expect(api.callsTo(RESEND)).toHaveLength(2));
  });

  it.each([
    ['paused by a person', { active: false, disabled_reason: null }, 'Paused'],
    [
      'switched off by Laurel after failures',
      { active: false, disabled_reason: 'Deliveries failed for 3 days; the last answer was HTTP 503.' },
      'Disabled after failures',
    ],
  ])('Resend is off while the endpoint is %s, and the page says why', async (_, state, chip) => {
    const api = serveWebhooks('BUSINESS', { [ENDPOINTS_KEY]: () => ok([endpointFixture(state)]) });
    renderApp(PATH);
    expect(await screen.findByText(chip)).toBeTruthy();
    const row = await rowOf(FAILED_WEBHOOK);
    await waitFor(() =>
      expect(row.getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` })).toHaveProperty('disabled', true),
    );
    expect(screen.getByText(WEBHOOK_MESSAGES.endpointSwitchedOff)).toBeTruthy();

    // The delivery's dialog: its Resend is off too, the reason beside it; nothing was sent.
    await user().click(row.getByText('reward.redeemed'));
    const dialog = within(await screen.findByRole('dialog', { name: `Delivery ${FAILED_WEBHOOK}` }));
    expect(dialog.getByRole('button', { name: WEBHOOK_TEXTS.resend })).toHaveProperty('disabled', true);
    expect(dialog.getByText(WEBHOOK_MESSAGES.endpointSwitchedOff)).toBeTruthy();
    expect(api.callsTo(RESEND)).toHaveLength(0);
  });

  it("a refused resend opens the message modal with the server's message", async () => {
    serveWebhooks('BUSINESS', { [RESEND]: () => fail(404, WEBHOOK_MESSAGES.deliveryNotFound) });
    renderApp(PATH);
    await user().click(
      (await rowOf(FAILED_WEBHOOK)).getByRole('button', { name: `Resend ${FAILED_WEBHOOK}` }),
    );
    const modal = await screen.findByRole('dialog', { name: WEBHOOK_TEXTS.resendFailed });
    expect(within(modal).getByText(WEBHOOK_MESSAGES.deliveryNotFound)).toBeTruthy();
  });

  it('an endpoint that is not there says so', async () => {
    serveWebhooks();
    renderApp(`/console/settings/integrations/webhooks/${'9'.repeat(24)}`);
    expect(await screen.findByText(WEBHOOK_MESSAGES.notFound)).toBeTruthy();
  });
});

import type { TClient, TClientPlan, TNotificationIntegration, TRegionalSettings } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { billingFixture, clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';

const session = sessionFixture();

type TServer = {
  plan?: TClientPlan;
  configurations?: TNotificationIntegration[];
  /** Answer to the save; the default saves and answers 200. */
  save?: (body: TNotificationIntegration) => Response;
  /** The save is answered once this settles. */
  saveGate?: Promise<void>;
  portalUrl?: string;
  /** Answer to the regional-settings save; the default saves and answers 200. */
  saveRegional?: (body: TRegionalSettings) => Response;
};

/** A fake API for the settings page: the client record reflects what the save stored. */
const serve = ({
  plan,
  configurations = [],
  save,
  saveGate,
  portalUrl = 'https://billing.example.com/p/session',
  saveRegional,
}: TServer) => {
  let stored = configurations;
  let regional: TRegionalSettings = { time_zone: 'UTC', currency_symbol: 'R' };
  const saves: TNotificationIntegration[] = [];
  const regionalSaves: TRegionalSettings[] = [];
  const client = (): TClient =>
    clientFixture({
      _id: session.user.client_id,
      clientSubscription: plan ?? { name: 'FREEMIUM', status: 'ACTIVE' },
      integration_settings: { payment_engine_id: 'cus_test', configurations: stored },
      ...regional,
    });
  const ok = (content: unknown, message = '') => jsonResponse(200, { success: true, message, content });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/v2/client?')) return ok(client());
    if (url.startsWith('/api/billing/portal')) return ok({ url: portalUrl });
    if (url.startsWith('/api/billing')) return ok(billingFixture({ current: client().clientSubscription }));
    if (url === '/api/v2/add/client/integration' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as TNotificationIntegration;
      saves.push(body);
      await saveGate;
      if (save) return save(body);
      stored = [body];
      return ok(body, 'Settings saved successfully.');
    }
    if (url === '/api/client/regional-settings' && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as TRegionalSettings;
      regionalSaves.push(body);
      if (saveRegional) return saveRegional(body);
      regional = body;
      return ok(body, 'Regional settings saved.');
    }
    return jsonResponse(404, { success: false, message: 'Not found', content: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, saves, regionalSaves };
};

const openSettings = async () => {
  sessionStore.set(session, false);
  const view = renderApp('/console/settings');
  // The settings chunk loads first; a busy machine can take longer than the default second.
  await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
  await screen.findByRole('form', { name: 'Email alerts' });
  return view;
};

const notificationForm = () => screen.getByRole('form', { name: 'Email alerts' });
const emailNotifications = () => screen.getByRole('group', { name: 'Email Notifications' });
const emailAddress = () => screen.getByRole('textbox', { name: /Email Address/ });

describe('account settings: page and plan', () => {
  it('opens the Account tab with the current plan and its status', async () => {
    serve({});
    const { router } = await openSettings();
    expect(router.state.location.pathname).toBe('/console/settings/account');
    expect(screen.getByRole('tab', { name: 'Account', selected: true })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Account Settings'));
    const panel = screen.getByRole('region', { name: 'Current Plan' });
    expect(within(panel).getByText('Freemium')).toBeTruthy();
    expect(within(panel).getByText('ACTIVE')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Manage Plan' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('Manage Plan opens the billing portal in a new tab', async () => {
    serve({ portalUrl: 'https://billing.example.com/p/session' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Plan' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://billing.example.com/p/session'));
    expect(tab.opener).toBeNull();
  });

  it("Manage Plan opens the built-in plan page on the console's own address", async () => {
    // The console's address, whatever an earlier file in this worker left the shared window at.
    const { happyDOM } = window as unknown as { happyDOM: { setURL: (url: string) => void } };
    const before = window.location.href;
    happyDOM.setURL('http://127.0.0.1:8080/console/settings');
    onTestFinished(() => happyDOM.setURL(before));
    serve({ portalUrl: '/welcome/select-subscription' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Plan' }));
    await waitFor(() => expect(tab.location.href).toBe('http://127.0.0.1:8080/welcome/select-subscription'));
  });

  it('says when there is no plan, and Subscribe offers the upgrade that leads to the plan page', async () => {
    serve({ plan: { name: null, status: null } });
    const { router } = await openSettings();
    const panel = screen.getByRole('region', { name: 'Current Plan' });
    expect(within(panel).getByText('You are not subscribed to any plan')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please upgrade your subscription to access this feature')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/select-subscription'));
  });

  it('a lapsed plan shows its name and status, and Cancel closes the upgrade prompt', async () => {
    serve({ plan: { name: 'STARTER', status: 'PAST_DUE' } });
    const { router } = await openSettings();
    const panel = screen.getByRole('region', { name: 'Current Plan' });
    expect(within(panel).getByText('Starter')).toBeTruthy();
    expect(within(panel).getByText('PAST_DUE')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Subscribe' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/console/settings/account');
  });

  it('is for admins only', async () => {
    serve({});
    sessionStore.set(sessionFixture({ role: 'AREA_MANAGER' }), false);
    renderApp('/console/settings/account');
    expect(await screen.findByText('You do not possess permissions to perform this action.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Email alerts' })).toBeNull();
  });
});

describe('account settings: email notifications', () => {
  it('is read-only with the saved values until Edit', async () => {
    serve({
      configurations: [
        { type: 'NOTIFICATION', data: { enabled: true, returns_email_address: 'returns@beanthere.co.za' } },
      ],
    });
    await openSettings();
    const form = notificationForm();
    expect(within(form).getByRole('radio', { name: 'Yes' })).toHaveProperty('checked', true);
    expect(emailAddress()).toHaveProperty('value', 'returns@beanthere.co.za');
    expect(emailAddress()).toHaveProperty('readOnly', true);
    expect(within(form).queryByRole('button', { name: 'Done' })).toBeNull();
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Edit' }));
    expect(emailAddress()).toHaveProperty('readOnly', false);
    expect(within(form).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it("gives 'No' and 'Yes' one labelled element each, matched as Playwright does (any case, any part)", async () => {
    serve({});
    await openSettings();
    expect(screen.getAllByLabelText('No', { exact: false })).toEqual([
      within(emailNotifications()).getByRole('radio', { name: 'No' }),
    ]);
    expect(screen.getAllByLabelText('Yes', { exact: false })).toHaveLength(1);
    expect(screen.getAllByLabelText('Email Address', { exact: false })).toEqual([emailAddress()]);
  });

  it('defaults to notifications off', async () => {
    serve({});
    await openSettings();
    expect(within(emailNotifications()).getByRole('radio', { name: 'No' })).toHaveProperty('checked', true);
    expect(emailAddress()).toHaveProperty('value', '');
  });

  it('needs a valid address when notifications are on; Done stays disabled until then', async () => {
    serve({});
    await openSettings();
    const user = userEvent.setup();
    const form = notificationForm();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.click(within(emailNotifications()).getByRole('radio', { name: 'Yes' }));
    const done = within(form).getByRole('button', { name: 'Done' });
    expect(done).toHaveProperty('disabled', true);
    expect(within(form).getByText('Email Address is required when email notifications are on.')).toBeTruthy();
    await user.type(emailAddress(), 'returns@');
    expect(within(form).getByText('Email Address must be a valid email address')).toBeTruthy();
    expect(done).toHaveProperty('disabled', true);
    await user.type(emailAddress(), 'beanthere.co.za');
    expect(done).toHaveProperty('disabled', false);
    expect(within(form).queryByText('Email Address must be a valid email address')).toBeNull();
  });

  it('Done saves with Please Wait, reloads the client and returns to read-only', async () => {
    let answer: () => void = () => undefined;
    const saveGate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { fetchMock, saves } = serve({ saveGate });
    await openSettings();
    const user = userEvent.setup();
    const form = notificationForm();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.click(within(emailNotifications()).getByRole('radio', { name: 'Yes' }));
    await user.type(emailAddress(), 'returns@beanthere.co.za');
    const clientLoads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v2/client?')).length;
    const loadsBefore = clientLoads();
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('dialog', { name: 'Please Wait...' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Done' })).toHaveProperty('disabled', true);
    answer();
    await waitFor(() =>
      expect(within(notificationForm()).getByRole('button', { name: 'Edit' })).toBeTruthy(),
    );
    expect(saves).toEqual([
      { type: 'NOTIFICATION', data: { enabled: true, returns_email_address: 'returns@beanthere.co.za' } },
    ]);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/integration')) as [
      string,
      RequestInit,
    ];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer client-jwt');
    expect(clientLoads()).toBe(loadsBefore + 1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(emailAddress()).toHaveProperty('value', 'returns@beanthere.co.za');
    expect(emailAddress()).toHaveProperty('readOnly', true);
  });

  it('a failed save shows the request-error modal with the server message and stays in edit mode', async () => {
    serve({
      save: () =>
        jsonResponse(403, {
          success: false,
          message: 'You do not possess permissions to perform this action.',
          content: null,
        }),
    });
    await openSettings();
    const user = userEvent.setup();
    const form = notificationForm();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.click(within(emailNotifications()).getByRole('radio', { name: 'Yes' }));
    await user.type(emailAddress(), 'returns@beanthere.co.za');
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong with your request!' });
    expect(within(dialog).getByText('You do not possess permissions to perform this action.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Please Wait...' })).toBeNull());
    expect(within(notificationForm()).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(emailAddress()).toHaveProperty('value', 'returns@beanthere.co.za');
  });

  it('a 402 answer opens the upgrade prompt', async () => {
    serve({
      save: () =>
        jsonResponse(402, {
          success: false,
          message: 'Please upgrade your subscription to access this feature',
          content: null,
        }),
    });
    await openSettings();
    const user = userEvent.setup();
    const form = notificationForm();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.click(within(emailNotifications()).getByRole('radio', { name: 'Yes' }));
    await user.type(emailAddress(), 'returns@beanthere.co.za');
    await user.click(within(form).getByRole('button', { name: 'Done' }));
    const prompt = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(prompt).getByRole('button', { name: 'Yes, Continue' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Something went wrong with your request!' })).toBeNull();
  });

  it('Cancel leaves edit mode without saving and restores the saved values', async () => {
    const { saves } = serve({});
    await openSettings();
    const user = userEvent.setup();
    const form = notificationForm();
    await user.click(within(form).getByRole('button', { name: 'Edit' }));
    await user.type(emailAddress(), 'draft@beanthere.co.za');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(emailAddress()).toHaveProperty('value', '');
    expect(within(form).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(saves).toEqual([]);
  });
});

describe('account settings: regional settings', () => {
  const regionalForm = () => screen.getByRole('form', { name: 'Regional settings' });
  const pick = async (field: string, option: string) => {
    const user = userEvent.setup();
    await user.click(within(regionalForm()).getByRole('combobox', { name: field }));
    await user.click(await screen.findByRole('option', { name: option }));
  };

  it('saves the currency symbol, says so and reloads the client record', async () => {
    const { fetchMock, regionalSaves } = serve({});
    await openSettings();
    const form = await screen.findByRole('form', { name: 'Regional settings' });
    expect(within(form).getByRole('combobox', { name: 'Time zone' })).toHaveProperty('value', 'UTC');
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await pick('Currency symbol', '£ (GBP)');
    const clientLoads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v2/client?')).length;
    const loadsBefore = clientLoads();
    await userEvent.setup().click(save);
    expect(await screen.findByText('Regional settings saved.')).toBeTruthy();
    expect(regionalSaves).toEqual([{ time_zone: 'UTC', currency_symbol: '£' }]);
    await waitFor(() => expect(clientLoads()).toBe(loadsBefore + 1));
    await waitFor(() =>
      expect(within(regionalForm()).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true),
    );
    expect(within(regionalForm()).getByRole('combobox', { name: 'Currency symbol' })).toHaveProperty(
      'value',
      '£ (GBP)',
    );
  });

  it("a refused save shows the request-error modal with the server's message and keeps the choice", async () => {
    serve({
      saveRegional: () =>
        jsonResponse(400, {
          success: false,
          message: 'Choose a currency symbol from the list',
          content: {
            errors: [{ field: 'currency_symbol', message: 'Choose a currency symbol from the list' }],
          },
        }),
    });
    await openSettings();
    await screen.findByRole('form', { name: 'Regional settings' });
    await pick('Currency symbol', '¥ (JPY)');
    await userEvent.setup().click(within(regionalForm()).getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong with your request!' });
    expect(within(dialog).getByText('Choose a currency symbol from the list')).toBeTruthy();
    expect(within(regionalForm()).getByRole('combobox', { name: 'Currency symbol' })).toHaveProperty(
      'value',
      '¥ (JPY)',
    );
    expect(within(regionalForm()).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOGINS_ID, STAMPS, STAMPS_ID, serveStatistics } from '@/features/statistics/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const NEW_ID = '7'.repeat(24);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const picker = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;

const choose = async (name: string, option: string) => {
  await user.click(picker(name));
  await user.click(await screen.findByRole('option', { name: option }));
};

const openCreate = async () => {
  const view = renderApp('/console/statistic');
  await screen.findByRole('heading', { level: 1, name: 'Create Statistic' });
  return view;
};

const openStamps = async (id = STAMPS_ID, name = 'coffeeStamps') => {
  const view = renderApp(`/console/statistic/${id}`);
  await screen.findByRole('heading', { level: 1, name: `Statistic - ${name}` });
  return view;
};

describe('create statistic', () => {
  it('starts as Last / Manual with Create disabled until something is edited', async () => {
    serveStatistics();
    await openCreate();
    expect(document.title).toBe('Create Statistic');
    expect(screen.getByRole('button', { name: 'Back to Statistics' })).toBeTruthy();
    expect(field('Name').value).toBe('');
    expect(field('Name').disabled).toBe(false);
    expect(picker('Aggregation Method').value).toBe('Last');
    expect(picker('Reset Interval').value).toBe('Manual');
    expect(button('Create').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    await user.type(field('Name'), 'c');
    expect(button('Create').disabled).toBe(false);
  });

  it("shows 'Name is required' on the field and sends nothing", async () => {
    const api = serveStatistics();
    await openCreate();
    await user.type(field('Name'), 'x');
    await user.clear(field('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    // The edited flag stays up once something was typed (spec 2 §5): Create still shows the message.
    expect(button('Create').disabled).toBe(false);
    await user.click(button('Create'));
    expect(screen.getByText('Name is required')).toBeTruthy();
    await user.type(field('Name'), '   ');
    await user.click(button('Create'));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/statistics')).toHaveLength(0);
  });

  it('creates with the chosen settings, returns to the list and says so', async () => {
    const api = serveStatistics(
      {},
      {
        'POST /api/statistics': (body) =>
          ok({ ...STAMPS, ...(body as object), _id: NEW_ID, version: 0 }, 'Statistic created.'),
      },
    );
    const { router } = await openCreate();
    await user.type(field('Name'), '  coffeeStamps ');
    await choose('Aggregation Method', 'Sum');
    expect(screen.getByText('Adds every new value to the running total.')).toBeTruthy();
    await choose('Reset Interval', 'Day');
    await user.click(button('Create'));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Statistic created successfully!')).toBeTruthy();
    expect(api.callsTo('POST /api/statistics')[0]?.body).toEqual({
      name: 'coffeeStamps',
      aggregation_method: 'Sum',
      reset_interval: 'Day',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/statistics'));
  });

  it("shows 'Error creating statistic' with the server's message for a taken name", async () => {
    serveStatistics(
      {},
      { 'POST /api/statistics': () => fail(409, 'A statistic with this name already exists.') },
    );
    const { router } = await openCreate();
    await user.type(field('Name'), 'coffeeStamps');
    await user.click(button('Create'));
    const modal = await screen.findByRole('dialog', { name: 'Error creating statistic' });
    expect(within(modal).getByText('A statistic with this name already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/console/statistic');
  });

  it("puts a 400's field errors on the fields", async () => {
    serveStatistics(
      {},
      {
        'POST /api/statistics': () =>
          new Response(
            JSON.stringify({
              success: false,
              message: 'Name must not be more than 64 characters',
              content: { errors: [{ field: 'name', message: 'Name must not be more than 64 characters' }] },
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    );
    await openCreate();
    await user.type(field('Name'), 'coffeeStamps');
    await user.click(button('Create'));
    const modal = await screen.findByRole('dialog', { name: 'Error creating statistic' });
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Name must not be more than 64 characters')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('edit statistic', () => {
  it('shows the name fixed and Update disabled until a setting changes', async () => {
    serveStatistics();
    await openStamps();
    expect(document.title).toBe('Statistic - coffeeStamps');
    expect(field('Name').value).toBe('coffeeStamps');
    expect(field('Name').disabled).toBe(true);
    expect(picker('Aggregation Method').value).toBe('Sum');
    expect(picker('Reset Interval').value).toBe('Manual');
    expect(button('Update').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.getByText(STAMPS_ID)).toBeTruthy();
  });

  it('sends only the two settings, says so, clears the edited flag and reloads the list at page 1, size 10', async () => {
    const api = serveStatistics(
      {},
      {
        [`PUT /api/statistics/${STAMPS_ID}`]: (body) =>
          ok({ ...STAMPS, ...(body as object), version: 3, updated_at: '2025-04-01T10:00:00.000Z' }),
      },
    );
    await openStamps();
    await choose('Reset Interval', 'Week');
    expect(screen.getByText(/Changing the reset interval starts a new version/)).toBeTruthy();
    expect(button('Update').disabled).toBe(false);
    await user.click(button('Update'));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('Statistic updated successfully!')).toBeTruthy();
    expect(api.callsTo(`PUT /api/statistics/${STAMPS_ID}`)[0]?.body).toEqual({
      aggregation_method: 'Sum',
      reset_interval: 'Week',
    });
    expect(api.callsTo('GET /api/statistics').map((call) => call.url)).toContain(
      '/api/statistics?page=1&size=10',
    );
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(button('Update').disabled).toBe(true));
    expect(picker('Reset Interval').value).toBe('Week');
  });

  it("shows 'Error updating statistic' with the server's message", async () => {
    serveStatistics(
      {},
      { [`PUT /api/statistics/${STAMPS_ID}`]: () => fail(409, 'System statistics cannot be changed.') },
    );
    await openStamps();
    await choose('Aggregation Method', 'Max');
    await user.click(button('Update'));
    const modal = await screen.findByRole('dialog', { name: 'Error updating statistic' });
    expect(within(modal).getByText('System statistics cannot be changed.')).toBeTruthy();
  });

  it('a system statistic is read-only, with a note and no Update', async () => {
    serveStatistics();
    await openStamps(LOGINS_ID, 'numberOfLogins');
    expect(screen.getByText(/This is a system statistic/)).toBeTruthy();
    expect(screen.getAllByText('System').length).toBeGreaterThan(0);
    expect(field('Name').disabled).toBe(true);
    expect(picker('Aggregation Method').disabled).toBe(true);
    expect(picker('Reset Interval').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it("goes back to the list with 'Error fetching statistics' when the statistic cannot be loaded", async () => {
    const missing = '8'.repeat(24);
    serveStatistics({}, { [`GET /api/statistics/${missing}`]: () => fail(404, 'Statistic not found.') });
    const { router } = renderApp(`/console/statistic/${missing}`);
    const modal = await screen.findByRole('dialog', { name: 'Error fetching statistics' });
    expect(within(modal).getByText('Statistic not found.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/statistics'));
  });
});

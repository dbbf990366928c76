import type { TAuditEntry } from '@laurel/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/api/session-store';
import { clientFixture, sessionFixture } from '@/test/fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { ok, stubApi } from '@/test/stub-api';

const ADMIN_ID = 'a'.repeat(24);
const OTHER_ID = 'e'.repeat(24);

const entry = (item: Partial<TAuditEntry>): TAuditEntry => ({
  _id: '1'.repeat(24),
  occurred_at: '2026-03-02T08:15:00.000Z',
  actor_id: ADMIN_ID,
  actor_name: 'Thandi Nkosi',
  action: 'branch.updated',
  entity: 'branch',
  entity_id: 'c'.repeat(24),
  summary: 'Edited branch Bean There Central',
  changes: {
    display_name: { from: 'Bean There Gardens', to: 'Bean There Central' },
    delivery_settings: {
      from: { delivery: true, delivery_fee_type: 'FLAT-FEE', delivery_radii: null },
      to: {
        delivery: true,
        delivery_fee_type: 'MULTI-RADII',
        delivery_radii: [
          { radius: 5, fee: 20 },
          { radius: 10, fee: 35 },
        ],
      },
    },
  },
  ip: '127.0.0.1',
  ...item,
});

const ENTRIES = [
  entry({}),
  entry({
    _id: '2'.repeat(24),
    actor_id: null,
    actor_name: null,
    action: 'client.registered',
    entity: 'client',
    summary: 'Registered Bean There',
    changes: null,
    ip: null,
  }),
];

const serve = () =>
  stubApi({
    'GET /api/v2/client': ok(clientFixture()),
    'GET /api/audit-log': jsonResponse(200, {
      success: true,
      message: 'OK',
      content: ENTRIES,
      pagination: { count: 2, hasMore: false },
    }),
    'GET /api/v2/client/user/list': ok({
      user_list: [
        { user_id: ADMIN_ID, name: 'Thandi', surname: 'Nkosi', email: 'thandi@example.com' },
        { user_id: OTHER_ID, name: 'Sipho', surname: 'Dlamini', email: 'sipho@example.com' },
      ],
      count: 2,
    }),
  });

const open = (path = '/console/settings/audit-log') => {
  sessionStore.set(sessionFixture(), false);
  return renderApp(path);
};

const lastQuery = (api: ReturnType<typeof serve>) =>
  new URL(api.callsTo('GET /api/audit-log').at(-1)?.url ?? '', 'http://x').searchParams;

describe('audit log tab', () => {
  it('lists who did what: the action in words, System when nobody signed in', async () => {
    const api = serve();
    open();
    expect(await screen.findByText('Edited branch Bean There Central')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Audit Log', selected: true })).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Branch edited')).toBeTruthy();
    expect(table.getByText('Business registered')).toBeTruthy();
    expect(table.getByText('System')).toBeTruthy();
    expect(table.getByText('3 changes')).toBeTruthy();
    expect(Object.fromEntries(lastQuery(api))).toEqual({ page: '1', size: '15' });
    expect(api.callsTo('GET /api/v2/client/user/list')[0]?.url).toBe(
      '/api/v2/client/user/list?page=1&size=100',
    );
  });

  it('filters by action, user and dates in the URL; Reset is disabled until something is filtered', async () => {
    const api = serve();
    const { router } = open();
    await screen.findByText('Edited branch Bean There Central');
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(reset).toHaveProperty('disabled', true);
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Permissions changed' }));
    await waitFor(() => expect(lastQuery(api).get('action')).toBe('user.permissions_changed'));
    expect(reset).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Sipho Dlamini' }));
    await waitFor(() => expect(lastQuery(api).get('actor_id')).toBe(OTHER_ID));

    await user.click(screen.getByRole('button', { name: 'Dates' }));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    const today = new Date().toISOString().slice(0, 10);
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(lastQuery(api).get('end_date')).toBe(today));
    expect(lastQuery(api).get('start_date')).toBe(weekAgo);
    expect(router.state.location.search).toBe(
      `?action=user.permissions_changed&actor=${OTHER_ID}&from=${weekAgo}&to=${today}`,
    );

    await user.click(reset);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Reset' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Dates' }).textContent).toContain('Any date');
  });

  it('an entry shows its changes from → to; Back closes it', async () => {
    serve();
    const { router } = open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edited branch Bean There Central' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edited branch Bean There Central' });
    const changes = within(dialog).getByRole('table', { name: 'Changes' });
    const rows = within(changes)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Display name', 'Bean There Gardens', '', 'Bean There Central'],
      ['Delivery fee type', 'FLAT-FEE', '', 'MULTI-RADII'],
      ['Delivery radii', '—', '', '5 km: 20.00, 10 km: 35.00'],
    ]);
    expect(router.state.location.search).toBe(`?entry=${'1'.repeat(24)}`);
    await router.navigate(-1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COFFEE,
  COFFEE_ID,
  ICON_URL,
  listReply,
  PLAIN,
  SUMMER,
  SUMMER_ID,
  serveBadges,
} from '@/features/badges/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openList = async () => {
  const view = renderApp('/console/badges');
  await screen.findByRole('heading', { level: 1, name: 'Badges' });
  await screen.findByText('Coffee Connoisseur');
  return view;
};

const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row as HTMLElement;
};

describe('badges list', () => {
  it('shows the spec columns, Limited or Unlimited, the stock and each badge icon', async () => {
    serveBadges();
    await openList();
    expect(document.title).toBe('Badges');
    expect(screen.getByRole('button', { name: 'Add Badge' }).tagName).toBe('BUTTON');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Icon',
      'Name',
      'Start Date',
      'End Date',
      'Quantity Type',
      'Quantity',
      'Actions',
    ]);

    const coffee = rowOf('Coffee Connoisseur');
    expect(within(coffee).getByText('Unlimited')).toBeTruthy();
    const libraryIcon = within(coffee).getByRole('img', { name: 'mug-hot icon' });
    // The Font Awesome set arrives in its own chunk, then the named icon is drawn.
    await waitFor(() => expect(libraryIcon.querySelector('svg[data-icon="mug-hot"]')).toBeTruthy());
    expect(libraryIcon.style.background.toLowerCase()).toMatch(/#d2a023|rgb\(210, 160, 35\)/);

    const summer = rowOf('Summer Star');
    expect(within(summer).getByText('Limited')).toBeTruthy();
    // The quantity as entered (spec 2); how many were granted is its title.
    expect(within(summer).getByText('100').getAttribute('title')).toBe('3 granted of 100');
    expect(within(summer).getByText('1 Dec 2025')).toBeTruthy();
    expect(within(summer).getByText('28 Feb 2026')).toBeTruthy();
    const uploaded = within(summer).getByRole('img', { name: 'Custom icon star.png' });
    expect(uploaded.querySelector('img')?.getAttribute('src')).toBe(ICON_URL);

    const plain = rowOf('Plain Badge');
    expect(within(plain).getByRole('img', { name: 'Trophy placeholder icon' })).toBeTruthy();
  });

  it('offers Category, Level and Created Date in the column chooser, hidden until chosen', async () => {
    serveBadges();
    await openList();
    expect(screen.queryByRole('columnheader', { name: 'Category' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    const category = (await screen.findByRole('checkbox', { name: 'Category' })) as HTMLInputElement;
    expect(category.checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Quantity Type' }) as HTMLInputElement).checked).toBe(true);
    await user.click(category);
    expect(await screen.findByRole('columnheader', { name: 'Category' })).toBeTruthy();
    expect(within(rowOf('Summer Star')).getByText('Event-based')).toBeTruthy();
  });

  it('searches by name and opens a badge from its row', async () => {
    const api = serveBadges({}, { 'GET /api/badges': () => listReply([COFFEE, SUMMER, PLAIN]) });
    const { router } = await openList();
    await user.type(screen.getByRole('textbox', { name: 'Search badges' }), 'star');
    await waitFor(() => expect(api.calls.some((call) => call.url.includes('search=star'))).toBe(true));
    await user.click(within(rowOf('Summer Star')).getByText('Limited'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/badge/${SUMMER_ID}`));
  });

  it("deletes after the confirmation and says 'Successfully deleted badge.'", async () => {
    let badges = [COFFEE, SUMMER, PLAIN];
    const api = serveBadges(
      {},
      {
        'GET /api/badges': () => listReply(badges),
        [`DELETE /api/badges/${COFFEE_ID}`]: () => {
          badges = [SUMMER, PLAIN];
          return ok(COFFEE, 'Badge deleted.');
        },
      },
    );
    await openList();
    await user.click(screen.getByRole('button', { name: 'Delete Coffee Connoisseur' }));
    const confirm = await screen.findByRole('dialog', {
      name: "Confirm deletion of 'Coffee Connoisseur' badge",
    });
    expect(api.callsTo(`DELETE /api/badges/${COFFEE_ID}`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully deleted badge.')).toBeTruthy();
    expect(api.callsTo(`DELETE /api/badges/${COFFEE_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Coffee Connoisseur')).toBeNull());
    expect(screen.getByText('Summer Star')).toBeTruthy();
  });

  it("shows 'Something went wrong when deleting your badge!' with the server's message", async () => {
    serveBadges({}, { [`DELETE /api/badges/${COFFEE_ID}`]: () => fail(404, 'Badge not found.') });
    await openList();
    await user.click(screen.getByRole('button', { name: 'Delete Coffee Connoisseur' }));
    const confirm = await screen.findByRole('dialog', { name: /Confirm deletion/ });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when deleting your badge!',
    });
    expect(within(modal).getByText('Badge not found.')).toBeTruthy();
    expect(screen.getByText('Coffee Connoisseur')).toBeTruthy();
  });

  it('shows the empty text, and no Add Badge or delete without those flags', async () => {
    const view = { read: true, create: false, update: false, delete: false };
    serveBadges(
      { role: 'AREA_MANAGER', user_permissions: { BADGES: view } },
      { 'GET /api/badges': () => listReply([]) },
    );
    renderApp('/console/badges');
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Badge' })).toBeNull();
  });

  it("shows 'Something went wrong when retrieving your badges!' when the list fails", async () => {
    serveBadges({}, { 'GET /api/badges': () => fail(403, 'You may not view badges.') });
    renderApp('/console/badges');
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your badges!',
    });
    expect(within(modal).getByText('You may not view badges.')).toBeTruthy();
  });
});

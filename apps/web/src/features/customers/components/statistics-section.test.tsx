import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_STATISTICS_TEXT } from '@/features/customers/components/statistics-section';
import { CUSTOMER_ID, serveCustomers } from '@/features/customers/test-server';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;
const PLAYER = `GET /api/v1/players/${CUSTOMER_ID}`;

const openStatistics = async () => {
  renderApp(PROFILE);
  return screen.findByRole('region', { name: 'Statistics' });
};

describe('customer profile: statistics', () => {
  it("lists the player's values: system statistics first, money and tier in words, the client's own after", async () => {
    const api = serveCustomers(
      {},
      {
        [PLAYER]: () =>
          ok({
            customer_id: CUSTOMER_ID,
            statistics: { coffeeStamps: 4, totalOrderValue: 1520.5, numberOfLogins: 12, tier: 2 },
            updated_at: '2026-11-24T09:05:01.120Z',
          }),
      },
    );
    const section = await openStatistics();
    const tiles = await within(section).findAllByRole('group');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Number of logins',
      'Total order value',
      'Tier',
      'Coffee stamps',
    ]);
    expect(within(section).getByRole('group', { name: 'Number of logins' }).textContent).toContain('12');
    expect(within(section).getByRole('group', { name: 'Total order value' }).textContent).toContain(
      'R 1,520.50',
    );
    expect(within(section).getByRole('group', { name: 'Tier' }).textContent).toContain('Silver');
    expect(within(section).getByRole('group', { name: 'Coffee stamps' }).textContent).toContain(
      'coffeeStamps',
    );
    expect(within(section).getByText(/^Updated \d{1,2} Nov 2026/)).toBeTruthy();
    // The console's client token, as the web client maps the integrator API's token kind.
    expect(api.callsTo(PLAYER)[0]?.headers.get('Authorization')).toBe('Bearer client-jwt');
  });

  it('says when the player has no statistics yet', async () => {
    serveCustomers();
    const section = await openStatistics();
    expect(await within(section).findByText(NO_STATISTICS_TEXT)).toBeTruthy();
    expect(within(section).queryByRole('group')).toBeNull();
  });

  it("a failure opens the message modal with the server's message", async () => {
    serveCustomers({}, { [PLAYER]: () => fail(404, 'The customer could not be found.') });
    await openStatistics();
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your statistics!',
    });
    expect(within(modal).getByText('The customer could not be found.')).toBeTruthy();
  });
});

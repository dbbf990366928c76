import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataAsOfStore } from '@/api/data-as-of';
import { DATA_AS_OF_HEADER } from '@/api/http-client';
import { jsonResponse, renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';
import { badgeRow, serveBadgeReport, THANDI_ID } from '../test-server';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openReport = async (path = '/console/transactions/badges') => {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Badge Transactions' });
  await screen.findByRole('cell', { name: 'Big Spender' });
};

describe('badge transactions report', () => {
  it('shows the server’s cards over every matching row, the rows, and 10 a page', async () => {
    const api = serveBadgeReport();
    await openReport();
    const cards = screen.getAllByRole('group');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Badges Earned1,234',
      'Unique Users with Badges800',
      'Most Earned BadgeRegular(900)',
    ]);
    // Each card is a group named by its title, and no field's label lookup finds it: 'Badges' is the filter alone.
    expect(screen.getByRole('group', { name: 'Unique Users with Badges' })).toBeTruthy();
    expect(screen.getAllByLabelText('Badges', { exact: false })).toHaveLength(1);
    expect(screen.getByText('1–2 of 1,234')).toBeTruthy();
    expect(api.callsTo('GET /api/transactions/badges')[0]?.url).toContain('size=10');
    const link = screen.getAllByRole('link', { name: 'Thandi Mokoena' })[0];
    expect(link?.getAttribute('href')).toBe(`/console/customers/customer-profile/${THANDI_ID}`);
  });

  it('shows each category as the spec and its filter name it ("Milestone"), not in capitals', async () => {
    serveBadgeReport();
    await openReport();
    const row = screen.getByRole('cell', { name: 'Big Spender' }).closest('tr') as HTMLElement;
    const chip = within(row).getByText('Milestone').closest('.mantine-Badge-root') as HTMLElement;
    // Mantine's stylesheet writes a Badge's label in capitals ('MILESTONE'), which the CSV and the Categories filter
    // do not; the chip undoes that (the tests load no stylesheet, so its own style is what shows it).
    expect(chip.textContent).toBe('Milestone');
    expect(chip.style.textTransform).toBe('none');
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    expect(await screen.findByRole('option', { name: 'Milestone' })).toBeTruthy();
  });

  it('shows a count the server stopped at its cap as "1,000+"', async () => {
    serveBadgeReport(
      {},
      {
        'GET /api/transactions/badges': () =>
          jsonResponse(200, {
            success: true,
            message: '',
            content: [badgeRow(), badgeRow({ _id: '2'.repeat(24), badge_name: 'Big Spender' })],
            pagination: { count: 1001, hasMore: true, count_capped: true },
          }),
      },
    );
    await openReport('/console/transactions/badges?badge_level=1');
    expect(screen.getByText('1–2 of 1,000+')).toBeTruthy();
  });

  it('sends a multi-select joined with | and a value range, back to page 1; Reset clears them', async () => {
    const api = serveBadgeReport();
    await openReport('/console/transactions/badges?page=3');
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect((reset as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: 'Milestone' }));
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: 'Event-based' }));
    await user.type(screen.getByRole('textbox', { name: 'Min value' }), '5');
    await waitFor(() => {
      const last = api.callsTo('GET /api/transactions/badges').at(-1)?.url ?? '';
      expect(last).toContain('badge_category=Milestone%7CEvent-based');
      expect(last).toContain('min_value=5');
      expect(last).not.toContain('page=3');
    });
    expect(api.callsTo('GET /api/transactions/badges/summary').at(-1)?.url).toContain('min_value=5');
    await waitFor(() => expect((reset as HTMLButtonElement).disabled).toBe(false));
    await user.click(reset);
    await waitFor(() =>
      expect(api.callsTo('GET /api/transactions/badges').at(-1)?.url).not.toContain('badge_category'),
    );
  });

  it('exports with the filters and downloads the prepared file', async () => {
    const api = serveBadgeReport(
      {},
      {
        // The file id is the answer (spec 3 §7); the download names the file.
        'POST /api/transactions/badges/export': () => ok('f'.repeat(24)),
        'GET /api/transactions/badges/files': () =>
          new Response('_id,badge_name\n1,Regular\n2,Big Spender\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="transactions_badges_2026-03-01.csv"',
            },
          }),
      },
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    await openReport('/console/transactions/badges?badge_name=Regular');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/transactions/badges/files')).toHaveLength(1));
    expect(api.callsTo('GET /api/transactions/badges/files')[0]?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
    expect(api.callsTo('GET /api/transactions/badges/files')[0]?.url).toContain(`file_id=${'f'.repeat(24)}`);
    expect(api.callsTo('POST /api/transactions/badges/export')[0]?.body).toMatchObject({
      filters: { badge_name: 'Regular' },
      format: 'csv',
      include_headers: true,
    });
    expect(await screen.findByText(/transactions_badges_2026-03-01\.csv/)).toBeTruthy();
  });

  it('shows the spec’s title when the report fails to load', async () => {
    serveBadgeReport({}, { 'GET /api/transactions/badges': () => fail(500, 'Database unavailable') });
    renderApp('/console/transactions/badges');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Something went wrong when retrieving your badge transactions!'),
    ).toBeTruthy();
  });

  describe('read from a replica', () => {
    afterEach(() => dataAsOfStore.clear());

    it('says "Data as of" beside the title when the list came from a replica', async () => {
      const asOf = new Date();
      asOf.setHours(14, 3, 27, 0);
      serveBadgeReport(
        {},
        {
          'GET /api/transactions/badges': () => {
            const response = jsonResponse(200, {
              success: true,
              message: '',
              content: [badgeRow({ badge_name: 'Big Spender' })],
              pagination: { count: 1, hasMore: false, count_capped: false },
            });
            response.headers.set(DATA_AS_OF_HEADER, asOf.toISOString());
            return response;
          },
        },
      );
      await openReport();
      const line = await screen.findByText(/Data as of/);
      expect(line.querySelector('time')?.getAttribute('dateTime')).toBe(asOf.toISOString());
      expect(line.textContent).toMatch(/03.27/);
      expect(line.textContent).toContain('may be a few seconds behind');
    });

    it('shows no "Data as of" line when the API reads the primary', async () => {
      serveBadgeReport();
      await openReport();
      expect(screen.queryByText(/Data as of/)).toBeNull();
    });
  });
});

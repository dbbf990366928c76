import { REPORT_MESSAGES } from '@laurel/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';
import { REPORT_COLUMNS } from '../report-columns';
import { REDEMPTIONS_SUMMARY, redemptionRow, serveRedemptionsReport, THANDI_ID } from '../test-server';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });
const PATH = '/console/rewards/redemptions';

const openReport = async (path = PATH) => {
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Redemptions' });
  await screen.findByRole('cell', { name: 'Branded mug' });
};

describe('the Redemptions report', () => {
  it('shows the cards, and each redemption’s customer, reward, type, status, code, cost and branch', async () => {
    serveRedemptionsReport();
    await openReport();
    expect(screen.getAllByRole('group').map((card) => card.textContent)).toEqual([
      'Redemptions1',
      'Points Spent50(BNS)',
      'Coupons Used0',
      'Most Redeemed RewardFree coffee(1)',
    ]);
    // The table lists the cancelled mug the cards leave out: the page says so.
    expect(screen.getByText('Cancelled redemptions are not counted in these figures.')).toBeTruthy();
    const coffee = screen.getByRole('cell', { name: 'Free coffee' }).closest('tr') as HTMLElement;
    const cells = within(coffee)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      expect.stringMatching(/2 Mar 2026/),
      'Thandi Mokoena',
      'Free coffee',
      'Coupon',
      'Issued',
      'K7PX2MZ9QRTA',
      '50 BNS',
      'North',
    ]);
    const mug = screen.getByRole('cell', { name: 'Branded mug' }).closest('tr') as HTMLElement;
    expect(within(mug).getByText('Cancelled')).toBeTruthy();
    expect(within(mug).getByText('Physical item')).toBeTruthy();
    expect(within(mug).getByText('200 BNS')).toBeTruthy();
    expect(within(coffee).getByRole('link', { name: 'Thandi Mokoena' }).getAttribute('href')).toBe(
      `/console/customers/customer-profile/${THANDI_ID}`,
    );
  });

  it('shows no expiry for a cancelled coupon (its void code is not waiting to expire)', () => {
    const expires = REPORT_COLUMNS.redemptions.find((column) => column.accessor === 'expires_at');
    expect(expires?.render?.(redemptionRow(), 0)).toMatch(/1 Apr 2026/);
    expect(
      expires?.render?.(redemptionRow({ status: 'cancelled', cancelled_at: '2026-03-03T09:30:00.000Z' }), 0),
    ).toBe('—');
  });

  it('shows a dash, not 0, for the most redeemed reward when no redemption matches', async () => {
    serveRedemptionsReport({
      'GET /api/rewards/redemptions/summary': () =>
        ok({
          ...REDEMPTIONS_SUMMARY,
          cards: [
            { label: 'Redemptions', value: 0, detail: null },
            { label: 'Points Spent', value: 0, detail: null },
            { label: 'Coupons Used', value: 0, detail: null },
            { label: 'Most Redeemed Reward', value: null, detail: null },
          ],
          count: 0,
        }),
    });
    await openReport();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Most Redeemed Reward' }).textContent).toBe(
        'Most Redeemed Reward—',
      ),
    );
    expect(screen.getByRole('group', { name: 'Redemptions' }).textContent).toBe('Redemptions0');
  });

  it('names every reward tied for most redeemed, with the count each, at a size that reads', async () => {
    serveRedemptionsReport({
      'GET /api/rewards/redemptions/summary': () =>
        ok({
          ...REDEMPTIONS_SUMMARY,
          cards: [
            ...REDEMPTIONS_SUMMARY.cards.slice(0, 3),
            {
              label: 'Most Redeemed Reward',
              value: 'Free flat white, Partner bakery voucher',
              detail: 'tied, 5 each',
            },
          ],
        }),
    });
    await openReport();
    const card = within(screen.getByRole('group', { name: 'Most Redeemed Reward' }));
    const names = await card.findByText('Free flat white, Partner bakery voucher');
    // The whole value on hover: a long name is cut at two lines.
    expect(names.getAttribute('title')).toBe('Free flat white, Partner bakery voucher');
    expect(card.getByText('(tied, 5 each)')).toBeTruthy();
  });

  it('says what each empty multi-select shows, and keeps min and max cost together', async () => {
    serveRedemptionsReport();
    await openReport();
    const placeholder = (name: string) =>
      (screen.getByRole('combobox', { name }) as HTMLInputElement).getAttribute('placeholder');
    expect(placeholder('Branches')).toBe('All branches');
    expect(placeholder('Status')).toBe('All statuses');
    expect(placeholder('Rewards')).toBe('All rewards');
    // One group of their own, which does not wrap: a row never ends between them.
    const min = screen.getByRole('textbox', { name: 'Min cost' });
    const max = screen.getByRole('textbox', { name: 'Max cost' });
    const pair = min.closest('.mantine-Group-root') as HTMLElement;
    expect(pair.contains(max)).toBe(true);
    expect(within(pair).queryByRole('textbox', { name: 'From' })).toBeNull();
    // A chosen value replaces the placeholder.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Used' }));
    await waitFor(() => expect(placeholder('Status')).toBeNull());
  });

  it('filters by status (shown as words, sent as values) and reward; Reset clears them', async () => {
    const api = serveRedemptionsReport();
    await openReport();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Expired' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Issued' }));
    await user.click(screen.getByRole('combobox', { name: 'Rewards' }));
    await user.click(await screen.findByRole('option', { name: 'Free coffee' }));
    await waitFor(() => {
      const last = api.callsTo('GET /api/rewards/redemptions').at(-1)?.url ?? '';
      expect(last).toContain('status=expired%7Cissued');
      expect(last).toContain('reward_name=Free+coffee');
    });
    expect(api.callsTo('GET /api/rewards/redemptions/summary').at(-1)?.url).toContain(
      'status=expired%7Cissued',
    );
    await user.keyboard('{Escape}');
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    await waitFor(() => expect(reset.disabled).toBe(false));
    await user.click(reset);
    // Back to the unfiltered report (answered from the cache): nothing chosen, nothing to reset.
    await waitFor(() => expect(reset.disabled).toBe(true));
  });

  it('exports the filtered redemptions through the shared CSV export', async () => {
    const api = serveRedemptionsReport({
      'POST /api/rewards/redemptions/export': () => ok('f'.repeat(24)),
      'GET /api/rewards/redemptions/files': () =>
        new Response('_id,reward_name\n1,Free coffee\n', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="reward_redemptions_2026-03-02.csv"',
          },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }),
    );
    await openReport(`${PATH}?status=used`);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.callsTo('GET /api/rewards/redemptions/files')).toHaveLength(1));
    expect(api.callsTo('POST /api/rewards/redemptions/export')[0]?.body).toMatchObject({
      filters: { status: 'used' },
    });
  });

  it('shows its own title when the report fails to load', async () => {
    serveRedemptionsReport({ 'GET /api/rewards/redemptions': () => fail(500, 'Database unavailable') });
    renderApp(PATH);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(REPORT_MESSAGES.redemptionsFailed)).toBeTruthy();
  });
});

import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { fail } from '@/test/stub-api';
import { serveEconomyReport, serveRewardTrackReport } from '../test-server';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openEconomy = async (path = '/console/economics/transactions') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Economy Transactions' });
  await screen.findByRole('cell', { name: '4.25 BB' });
  return view;
};
const lastUrl = (api: ReturnType<typeof serveEconomyReport>, key: string) =>
  decodeURIComponent(api.callsTo(key).at(-1)?.url ?? '');
const fieldError = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

describe('transaction report filters', () => {
  it('keeps two filters set back to back, before the page re-renders, in the URL and the request', async () => {
    const api = serveEconomyReport();
    const { router } = await openEconomy();
    await user.click(screen.getByRole('combobox', { name: 'Types' }));
    const cashback = await screen.findByRole('option', { name: 'Cashback' });
    const from = screen.getByLabelText('From');
    act(() => {
      fireEvent.click(cashback);
      fireEvent.change(from, { target: { value: '2026-03-01' } });
    });
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('transaction_type')).toBe('Cashback');
      expect(search.get('start_date')).toBe('2026-03-01');
    });
    await waitFor(() => {
      for (const key of ['GET /api/transactions/economy', 'GET /api/transactions/economy/summary']) {
        expect(lastUrl(api, key)).toContain('transaction_type=Cashback');
        expect(lastUrl(api, key)).toContain('start_date=2026-03-01');
      }
    });
  });

  it('marks a min or max that is not a number and leaves it out of the requests, with no error modal', async () => {
    const api = serveEconomyReport();
    await openEconomy();
    const calls = api.calls.length;
    const min = screen.getByRole('textbox', { name: 'Min value' });
    await user.type(min, 'abc');
    await waitFor(() => expect(fieldError(min)).toBe('Enter a number'));
    expect(min.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.slice(calls).some((call) => call.url.includes('min_value'))).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a numeric min, and a max below it waits with its reason', async () => {
    const api = serveEconomyReport();
    await openEconomy();
    const min = screen.getByRole('textbox', { name: 'Min value' });
    const max = screen.getByRole('textbox', { name: 'Max value' });
    await user.type(min, '1,000');
    await waitFor(() => expect(lastUrl(api, 'GET /api/transactions/economy')).toContain('min_value=1,000'));
    expect(fieldError(min)).toBeNull();
    await user.type(max, '5');
    await waitFor(() => expect(fieldError(max)).toBe('Less than the min'));
    expect(api.calls.some((call) => call.url.includes('max_value'))).toBe(false);
    await user.clear(min);
    await waitFor(() => expect(lastUrl(api, 'GET /api/transactions/economy')).toContain('max_value=5'));
    expect(lastUrl(api, 'GET /api/transactions/economy')).not.toContain('min_value');
    expect(fieldError(max)).toBeNull();
    // Reset clears a value waiting with a problem too.
    await user.type(min, 'x');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect((min as HTMLInputElement).value).toBe(''));
    expect((max as HTMLInputElement).value).toBe('');
  });

  it('holds back an end date before the start date, saying so under To', async () => {
    const api = serveEconomyReport();
    await openEconomy('/console/economics/transactions?start_date=2026-03-10&end_date=2026-03-01');
    const to = screen.getByLabelText('To');
    expect(fieldError(to)).toBe('Earlier than From');
    expect(lastUrl(api, 'GET /api/transactions/economy')).toContain('start_date=2026-03-10');
    expect(api.calls.some((call) => call.url.includes('end_date'))).toBe(false);
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(lastUrl(api, 'GET /api/transactions/economy')).toContain('end_date=2026-03-31'),
    );
    expect(fieldError(to)).toBeNull();
  });

  it('opens one modal when the list and the summary fail for the same reason', async () => {
    serveEconomyReport({
      'GET /api/transactions/economy': () => fail(400, 'Min value must be a number'),
      'GET /api/transactions/economy/summary': () => fail(400, 'Min value must be a number'),
    });
    renderApp('/console/economics/transactions?min_value=1');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Something went wrong when retrieving your economy transactions!'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('shows what a reward track milestone gave, and offers the track names the rows carry', async () => {
    const api = serveRewardTrackReport();
    renderApp('/console/transactions/reward-tracks');
    const row = (await screen.findByRole('cell', { name: 'evt-7' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell', { name: 'Level 1' })).toBeTruthy();
    expect(within(row).queryByRole('cell', { name: 'Yes' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Reward Tracks' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Levels', 'Levels 2025']);
    await user.click(options[0] as HTMLElement);
    await waitFor(() =>
      expect(lastUrl(api, 'GET /api/transactions/reward-tracks')).toContain('reward_track_name=Levels'),
    );
  });

  it('says what each empty multi-select shows, as the Redemptions report does; a chosen value replaces it', async () => {
    serveRewardTrackReport();
    renderApp('/console/transactions/reward-tracks');
    await screen.findByRole('cell', { name: 'evt-7' });
    const placeholder = (name: string) => screen.getByRole('combobox', { name }).getAttribute('placeholder');
    expect(placeholder('Branches')).toBe('All branches');
    expect(placeholder('Status')).toBe('All statuses');
    expect(placeholder('Reward Tracks')).toBe('All reward tracks');
    await user.click(screen.getByRole('combobox', { name: 'Reward Tracks' }));
    await user.click((await screen.findAllByRole('option'))[0] as HTMLElement);
    await waitFor(() => expect(placeholder('Reward Tracks')).toBeNull());
    expect(placeholder('Branches')).toBe('All branches');
  });

  it('gives the other reports’ empty multi-selects the same "All …" placeholders', async () => {
    serveEconomyReport();
    await openEconomy();
    const placeholder = (name: string) => screen.getByRole('combobox', { name }).getAttribute('placeholder');
    expect(placeholder('Branches')).toBe('All branches');
    expect(placeholder('Types')).toBe('All types');
    expect(placeholder('Currencies')).toBe('All currencies');
  });
});

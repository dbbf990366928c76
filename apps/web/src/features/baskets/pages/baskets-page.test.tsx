import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basketListReply, GREEN_POINT, serveBaskets } from '@/features/baskets/test-server';
import { renderApp } from '@/test/render-app';
import { fail } from '@/test/stub-api';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const openBaskets = async (path = '/console/baskets') => {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Baskets' });
  return view;
};

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const lastUrl = (api: ReturnType<typeof serveBaskets>) =>
  api.callsTo('GET /api/v2/client/basket/list').at(-1)?.url;

describe('baskets list', () => {
  it('shows customer, email and contact number, a guest as Guest User and -, and sends the defaults', async () => {
    const api = serveBaskets();
    await openBaskets();
    expect(document.title).toBe('Baskets');
    const ann = await rowOf('Ann Smith');
    expect([...document.querySelectorAll('th')].map((th) => th.textContent?.trim())).toEqual([
      'Customer',
      'Email',
      'Contact Number',
      'Date',
      'Items',
      'Total',
      'Branch',
      'Type',
      'Status',
    ]);
    for (const text of ['ann@example.co.za', '0821234567', 'R 84.50', 'Sea Point', 'Collection', 'OPEN'])
      expect(within(ann).getByText(text)).toBeTruthy();
    const guest = await rowOf('Guest User');
    expect(within(guest).getAllByText('-')).toHaveLength(2);
    expect(within(guest).getByText('R 250.00')).toBeTruthy();
    expect(within(guest).getByText('ABANDONED')).toBeTruthy();
    expect(lastUrl(api)).toBe('/api/v2/client/basket/list?page=1&size=15&type=BOTH&status=ALL');
  });

  it('sends the date range, type, status, total range and branch filters', async () => {
    const api = serveBaskets();
    // The date range comes from the URL as a shared link or Back brings it.
    const { router } = await openBaskets('/console/baskets?from_date=2026-03-01&to_date=2026-03-31');
    await rowOf('Ann Smith');
    expect(screen.getByRole('button', { name: 'Date' }).textContent).toContain('1 Mar 2026 – 31 Mar 2026');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Delivery' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'CHECKED-OUT' }));
    await user.type(screen.getByRole('textbox', { name: 'Min total' }), '50');
    // An amount is sent once typing pauses.
    await waitFor(() => expect(lastUrl(api)).toContain('min_value=50'));
    await user.type(screen.getByRole('textbox', { name: 'Max total' }), '300');
    await user.click(screen.getByRole('combobox', { name: 'Branch' }));
    await user.click(await screen.findByRole('option', { name: 'Green Point' }));
    await waitFor(() =>
      expect(lastUrl(api)).toBe(
        `/api/v2/client/basket/list?page=1&size=15&from_date=2026-03-01&to_date=2026-03-31&type=DELIVERY&status=CHECKED-OUT&min_value=50&max_value=300&branch_id=${GREEN_POINT._id}`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('button', { name: 'Date' }).textContent).toContain('Any date');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Both');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Min total' }) as HTMLInputElement).value).toBe(''),
    );
  });

  it('opens nothing on row click', async () => {
    serveBaskets();
    const { router } = await openBaskets();
    await user.click(await screen.findByText('Ann Smith'));
    expect(router.state.location.pathname).toBe('/console/baskets');
  });

  it("says 'This table is empty.' when there are none, and shows the spec title when the list fails", async () => {
    serveBaskets({}, { 'GET /api/v2/client/basket/list': () => basketListReply([]) });
    const { unmount } = await openBaskets();
    expect(await screen.findByText('This table is empty.')).toBeTruthy();
    unmount();
    serveBaskets(
      {},
      { 'GET /api/v2/client/basket/list': () => fail(400, 'from_date must not be after to_date') },
    );
    await openBaskets('/console/baskets?from_date=2026-04-01&to_date=2026-03-01');
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong retrieving client baskets!',
    });
    expect(within(modal).getByText('from_date must not be after to_date')).toBeTruthy();
  });
});

import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { COINS, COINS_ID, RAND, serveEconomy, TEN_CURRENCIES } from '@/features/economy/test-server';
import { renderApp } from '@/test/render-app';
import { listReply } from '@/test/sign-in';
import { fail, ok } from '@/test/stub-api';
import { loadIconLibrary } from '@/ui/icon-picker';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

// The icon set is a large chunk; fetched once, as a browser keeps it after first use.
beforeAll(() => loadIconLibrary(), 60_000);

const openWallet = async () => {
  const view = renderApp('/console/economics/wallet');
  await screen.findByRole('heading', { level: 1, name: 'Manage your Currencies' });
  return view;
};

const form = () => screen.getByRole('form', { name: /New currency|Edit / });
const save = () => within(form()).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const choose = async (name: string, option: string) => {
  await user.click(within(form()).getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
};
const item = (name: string) => screen.getByRole('listitem', { name });

describe('wallet page', () => {
  it('lists the currencies with the n/10 counter, a default coin for one without an icon', async () => {
    serveEconomy();
    await openWallet();
    expect(await screen.findByRole('listitem', { name: 'Bean Coins' })).toBeTruthy();
    expect(screen.getByTestId('currency-counter').textContent).toBe('2/10');
    expect(item('ZAR').querySelector('[data-icon-source="default"]')).toBeTruthy();
    expect(item('Bean Coins').querySelector('[data-icon-source="library"]')).toBeTruthy();
    expect(save().disabled).toBe(true);
  });

  it('hides the form at 10 currencies, and shows it again to edit one', async () => {
    const third = TEN_CURRENCIES[2];
    serveEconomy(
      {},
      {
        'GET /api/economy/currencies': () => listReply(TEN_CURRENCIES),
        [`GET /api/economy/currencies/${third?._id}`]: () => ok(third),
      },
    );
    await openWallet();
    expect(await screen.findByText('You have all 10 currencies. Delete one to add another.')).toBeTruthy();
    expect(screen.getByTestId('currency-counter').textContent).toBe('10/10');
    expect(screen.queryByRole('form')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Coin 3' }));
    expect(await screen.findByRole('form', { name: 'Edit Coin 3' })).toBeTruthy();
  });

  it('names a real currency by its code, resets the rate, saves, and returns to a blank currency', async () => {
    const api = serveEconomy({}, { 'POST /api/economy/currencies': () => ok(RAND) });
    await openWallet();
    await screen.findByRole('listitem', { name: 'Bean Coins' });
    await user.type(within(form()).getByRole('textbox', { name: 'Conversion Rate' }), '3');
    await choose('Currency Code', 'USD ($)');
    expect((within(form()).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('USD');
    expect((within(form()).getByRole('textbox', { name: 'Conversion Rate' }) as HTMLInputElement).value).toBe(
      '0',
    );
    await user.type(screen.getByRole('textbox', { name: 'Search icons' }), 'coins');
    await user.click(await screen.findByRole('option', { name: 'coins' }));
    await user.click(save());
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully saved your currency.')).toBeTruthy();
    expect(api.callsTo('POST /api/economy/currencies')[0]?.body).toEqual({
      type: 'real',
      name: 'USD',
      code: 'USD',
      conversion_rate: 0,
      icon: { name: 'coins', prefix: 'fas', url: null, etag: null },
      expiry_policy: 'never',
      expiry_days: null,
    });
    // The selection is a blank currency again.
    expect(screen.getByRole('form', { name: 'New currency' })).toBeTruthy();
    expect((within(form()).getByRole('combobox', { name: 'Currency Code' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('edits a custom currency with PUT and returns to a blank one', async () => {
    const api = serveEconomy({}, { [`PUT /api/economy/currencies/${COINS_ID}`]: () => ok(COINS) });
    await openWallet();
    await user.click(await screen.findByRole('button', { name: 'Edit Bean Coins' }));
    await screen.findByRole('form', { name: 'Edit Bean Coins' });
    const name = within(form()).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Beans');
    await user.click(save());
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo(`PUT /api/economy/currencies/${COINS_ID}`)[0]?.body).toMatchObject({
      type: 'custom',
      name: 'Beans',
      code: 'BC',
      conversion_rate: 0.5,
    });
    expect(screen.getByRole('form', { name: 'New currency' })).toBeTruthy();
  });

  it("stops the save when the icon upload fails: 'Something went wrong when uploading your icon!'", async () => {
    const api = serveEconomy(
      {},
      { 'POST /api/upload/upload': () => fail(415, 'Only PNG, JPEG or SVG images.') },
    );
    await openWallet();
    await screen.findByRole('listitem', { name: 'Bean Coins' });
    await choose('Currency Code', 'EUR (€)');
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'coin.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload an image'), { target: { files: [png] } });
    expect(await screen.findByText('uploaded when you save')).toBeTruthy();
    await user.click(save());
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when uploading your icon!',
    });
    expect(within(failure).getByText('Only PNG, JPEG or SVG images.')).toBeTruthy();
    expect(api.callsTo('POST /api/economy/currencies')).toHaveLength(0);
    const upload = api.callsTo('POST /api/upload/upload')[0];
    expect(upload?.headers.get('Authorization')).toBe('Bearer media-jwt');
  });

  it('uploads a chosen image first and saves its location and etag', async () => {
    const api = serveEconomy(
      {},
      {
        'POST /api/upload/upload': () =>
          ok({
            location: 'http://x/media/coin.png',
            etag: 'e1',
            file_name: 'coin.png',
            content_type: 'image/png',
            size: 4,
          }),
        'POST /api/economy/currencies': () => ok(RAND),
      },
    );
    await openWallet();
    await screen.findByRole('listitem', { name: 'Bean Coins' });
    await choose('Currency Code', 'GBP (£)');
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'coin.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload an image'), { target: { files: [png] } });
    await user.click(save());
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo('POST /api/economy/currencies')[0]?.body).toMatchObject({
      icon: { name: null, prefix: null, url: 'http://x/media/coin.png', etag: 'e1' },
    });
  });

  it("shows the server's refusal under 'Something went wrong when saving your currency!'", async () => {
    serveEconomy(
      {},
      { 'POST /api/economy/currencies': () => fail(409, 'A client can have at most 10 currencies.') },
    );
    await openWallet();
    await screen.findByRole('listitem', { name: 'Bean Coins' });
    await choose('Currency Code', 'JPY (¥)');
    await user.click(save());
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when saving your currency!',
    });
    expect(within(failure).getByText('A client can have at most 10 currencies.')).toBeTruthy();
  });

  it('deletes after the confirmation with the spec texts', async () => {
    let currencies = [COINS, RAND];
    const api = serveEconomy(
      {},
      {
        'GET /api/economy/currencies': () => listReply(currencies),
        [`DELETE /api/economy/currencies/${COINS_ID}`]: () => {
          currencies = [RAND];
          return ok(COINS);
        },
      },
    );
    await openWallet();
    await user.click(await screen.findByRole('button', { name: 'Delete Bean Coins' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure you wish to continue?' });
    expect(
      within(confirm).getByText(
        'Deleting this currency could result in multiple side effects, like your users losing access to this currency.',
      ),
    ).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Continue' }));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Successfully deleted currency.')).toBeTruthy();
    expect(api.callsTo(`DELETE /api/economy/currencies/${COINS_ID}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bean Coins' })).toBeNull());
    expect(screen.getByTestId('currency-counter').textContent).toBe('1/10');
  });

  it('shows the delete and list failures under their spec titles', async () => {
    serveEconomy(
      {},
      { [`DELETE /api/economy/currencies/${COINS_ID}`]: () => fail(404, 'The currency could not be found.') },
    );
    await openWallet();
    await user.click(await screen.findByRole('button', { name: 'Delete Bean Coins' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('dialog', { name: 'Something went wrong when deleting your currency!' }),
    ).toBeTruthy();
  });

  it("shows 'Something went wrong when retrieving your currency!' when the one to edit cannot be loaded", async () => {
    serveEconomy(
      {},
      { [`GET /api/economy/currencies/${COINS_ID}`]: () => fail(404, 'The currency could not be found.') },
    );
    await openWallet();
    await user.click(await screen.findByRole('button', { name: 'Edit Bean Coins' }));
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your currency!',
    });
    expect(within(failure).getByText('The currency could not be found.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New currency' })).toBeTruthy();
  });

  it('shows the list without the form, edit or delete to a manager who may only read', async () => {
    serveEconomy({
      role: 'BRANCH_MANAGER',
      user_permissions: { WALLET: { read: true, create: false, update: false, delete: false } },
    });
    await openWallet();
    await screen.findByRole('listitem', { name: 'Bean Coins' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(/changing it needs a permission you do not have/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Bean Coins' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Bean Coins' })).toBeNull();
  });

  it("shows 'Something went wrong when retrieving your currencies!' when the list fails", async () => {
    serveEconomy({}, { 'GET /api/economy/currencies': () => fail(400, 'size must be between 1 and 100') });
    await openWallet();
    const failure = await screen.findByRole('dialog', {
      name: 'Something went wrong when retrieving your currencies!',
    });
    expect(within(failure).getByText('size must be between 1 and 100')).toBeTruthy();
  });
});

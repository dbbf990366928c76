import { REWARD_MESSAGES, type TReward, UPLOAD_MESSAGES } from '@laurel/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REWARD_TEXTS } from '@/features/rewards/reward-format';
import {
  COFFEE,
  COFFEE_ID,
  COINS_ID,
  listReply,
  MUG,
  MUG_ID,
  REGULARS_ID,
  rewardFixture,
  serveRewards,
  VOUCHERS,
  VOUCHERS_ID,
} from '@/features/rewards/test-server';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';
import { UNSAVED_CHANGES_TEXTS } from '@/ui/use-unsaved-changes-guard';

configure({ asyncUtilTimeout: 5000 });
const user = userEvent.setup({ delay: null });

const NEW_ID = '9'.repeat(24);

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const combobox = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const choose = async (name: string, option: string) => {
  await user.click(combobox(name));
  await user.click(await screen.findByRole('option', { name: option }));
};
const preview = () => within(screen.getByRole('region', { name: 'Preview' }));

const openCreate = async () => {
  const view = renderApp('/console/reward');
  await screen.findByRole('heading', { level: 1, name: 'Create a reward' });
  return view;
};

const openReward = async (id: string, name: string) => {
  const view = renderApp(`/console/reward/${id}`);
  await screen.findByRole('heading', { level: 1, name: `Reward - ${name}` });
  return view;
};

const validationMessages = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
  const messages = within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Validation Error' })).toBeNull());
  return messages;
};

describe('create a reward', () => {
  it('opens as a coupon in the first currency, Save disabled until something is edited, the preview following', async () => {
    serveRewards();
    await openCreate();
    expect(document.title).toBe('Create a reward');
    expect(screen.getByRole('link', { name: 'Back to Rewards' }).getAttribute('href')).toBe(
      '/console/rewards',
    );
    expect(combobox('Type').value).toBe('Coupon');
    expect(combobox('Currency').value).toBe('Bean Coins (BC)');
    expect(combobox('Codes').value).toBe('Generated codes');
    expect(combobox('Value type').value).toBe('Amount off');
    expect(field('Valid for').value).toBe('30');
    expect((screen.getByRole('switch', { name: 'Unlimited' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Stock').disabled).toBe(true);
    expect((screen.getByRole('switch', { name: /^Active/ }) as HTMLInputElement).checked).toBe(true);
    expect(button('Save').disabled).toBe(true);

    await user.type(field('Name'), 'Free Coffee');
    expect(button('Save').disabled).toBe(false);
    await user.type(field('Cost'), '250');
    await user.type(field('Coupon value'), '35');
    expect(preview().getByText('Free Coffee')).toBeTruthy();
    expect(preview().getByTestId('reward-preview-cost').textContent).toBe('250 BC');
    expect(preview().getByText('Coupon')).toBeTruthy();
    expect(preview().getByText('R35 off')).toBeTruthy();
    expect(preview().getByText('Unlimited')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Unlimited' }));
    await user.type(field('Stock'), '40');
    expect(preview().getByText('40 left')).toBeTruthy();
    await choose('Value type', 'Percentage off');
    expect(preview().getByText('35% off')).toBeTruthy();
  });

  it('shows the coupon fields only for a coupon', async () => {
    serveRewards();
    await openCreate();
    await choose('Type', 'Physical item');
    expect(screen.queryByRole('combobox', { name: 'Codes' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Coupon value' })).toBeNull();
    expect(preview().getByText('Physical item')).toBeTruthy();
    await choose('Type', 'Coupon');
    expect(combobox('Codes')).toBeTruthy();
    await choose('Codes', 'A pool of codes (CSV)');
    expect(screen.getByText('Save the reward first: codes are uploaded to a saved reward.')).toBeTruthy();
    // Before any code is uploaded, the stock section already says the codes are the limit.
    expect(
      screen.getByText('Unlimited stock: the uploaded codes are the limit, one code a redemption.'),
    ).toBeTruthy();
  });

  it("lists the contract's messages in 'Validation Error' and sends nothing", async () => {
    const api = serveRewards();
    await openCreate();
    await user.type(field('Valid for'), '{backspace}{backspace}');
    await user.click(screen.getByRole('switch', { name: 'Unlimited' }));
    await user.click(button('Save'));
    expect(await validationMessages()).toEqual([
      REWARD_MESSAGES.nameRequired,
      REWARD_MESSAGES.descriptionRequired,
      REWARD_MESSAGES.costRequired,
      REWARD_MESSAGES.couponValueRequired,
      REWARD_MESSAGES.validDaysWhole,
      REWARD_MESSAGES.stockWhole,
    ]);
    // The fields say it too.
    expect(screen.getByText(REWARD_MESSAGES.nameRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/rewards')).toHaveLength(0);

    await user.type(field('Name'), 'Half price');
    await user.type(field('Description'), 'Half off any drink.');
    await user.type(field('Cost'), '0');
    await choose('Value type', 'Percentage off');
    await user.type(field('Coupon value'), '150');
    await user.type(field('Valid for'), '7');
    await user.type(field('Stock'), '10');
    await user.click(button('Save'));
    const messages = await validationMessages();
    expect(messages).toEqual([REWARD_MESSAGES.costPositive, REWARD_MESSAGES.percentRange]);
    expect(api.callsTo('POST /api/rewards')).toHaveLength(0);
  });

  it('asks for a currency when the business has none', async () => {
    serveRewards({}, { 'GET /api/economy/currencies': () => listReply([]) });
    await openCreate();
    expect(screen.getByRole('link', { name: 'Define a currency on the Wallet page first' })).toBeTruthy();
    await user.type(field('Name'), 'Mug');
    await user.click(button('Save'));
    expect(await validationMessages()).toContain(REWARD_MESSAGES.currencyRequired);
  });

  it("creates the reward, says 'Reward created.' and goes to the reward's own page", async () => {
    let created: TReward | null = null;
    const api = serveRewards(
      {},
      {
        'POST /api/rewards': (body) => {
          const sent = body as { name: string };
          created = rewardFixture({
            _id: NEW_ID,
            name: sent.name,
            type: 'physical',
            coupon: null,
            redeemed: 0,
          });
          return ok(created, REWARD_MESSAGES.created);
        },
        [`GET /api/rewards/${NEW_ID}`]: () => ok(created),
      },
    );
    const { router } = await openCreate();
    await user.type(field('Name'), 'Branded Mug');
    await user.type(field('Description'), 'A Bean There mug.');
    await choose('Type', 'Physical item');
    await user.type(field('Cost'), '1200');
    await user.click(screen.getByRole('switch', { name: 'Unlimited' }));
    await user.type(field('Stock'), '50');
    await user.type(field('Limit per customer'), '1');
    await user.click(combobox('Segments'));
    await user.click(await screen.findByRole('option', { name: 'Regulars' }));
    await user.click(button('Save'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Reward created.')).toBeTruthy();
    expect(api.callsTo('POST /api/rewards')[0]?.body).toEqual({
      name: 'Branded Mug',
      description: 'A Bean There mug.',
      image_url: null,
      type: 'physical',
      cost: { currency: COINS_ID, amount: 1200 },
      stock: 50,
      per_customer_limit: 1,
      available_from: null,
      available_to: null,
      segment_ids: [REGULARS_ID],
      coupon: null,
      active: true,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/console/reward/${NEW_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reward - Branded Mug' })).toBeTruthy();
  });
});

describe('a double-click on Save', () => {
  it('creates one reward', async () => {
    const api = serveRewards(
      {},
      {
        'POST /api/rewards': (body) =>
          ok(
            rewardFixture({
              _id: NEW_ID,
              name: (body as { name: string }).name,
              type: 'physical',
              coupon: null,
            }),
            REWARD_MESSAGES.created,
          ),
      },
    );
    await openCreate();
    await user.type(field('Name'), 'Branded Mug');
    await user.type(field('Description'), 'A Bean There mug.');
    await choose('Type', 'Physical item');
    await user.type(field('Cost'), '1200');
    // Both clicks before React re-renders Save busy, while the form's checks load.
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo('POST /api/rewards')).toHaveLength(1);
  });

  it('saves once, and once more after the save failed', async () => {
    const put = `PUT /api/rewards/${COFFEE_ID}`;
    let replies = 0;
    const api = serveRewards(
      {},
      {
        [put]: () => {
          replies += 1;
          return replies === 1
            ? fail(400, 'The server said no')
            : ok({
                ...COFFEE,
                cost: { ...COFFEE.cost, amount: 300 },
                updated_at: '2026-11-02T10:00:00.000Z',
              });
        },
      },
    );
    await openReward(COFFEE_ID, 'Free Coffee');
    await user.clear(field('Cost'));
    await user.type(field('Cost'), '300');
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when saving your reward!',
    });
    expect(api.callsTo(put)).toHaveLength(1);
    await user.click(within(modal).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Something went wrong when saving your reward!' }),
      ).toBeNull(),
    );
    fireEvent.click(button('Save'));
    fireEvent.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    expect(api.callsTo(put)).toHaveLength(2);
  });
});

describe("a reward's image", () => {
  it('uploads a chosen image when the reward is saved and sends its location', async () => {
    const location = 'http://127.0.0.1:8080/media/reward_image/coffee.png';
    const api = serveRewards(
      {},
      {
        'POST /api/upload/upload': () =>
          ok({ location, etag: 'etag-1', file_name: 'coffee.png', content_type: 'image/png', size: 8 }),
        [`PUT /api/rewards/${COFFEE_ID}`]: () =>
          ok({ ...COFFEE, image_url: location, updated_at: '2026-11-02T10:00:00.000Z' }),
      },
    );
    await openReward(COFFEE_ID, 'Free Coffee');
    const png = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'coffee.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Image'), png);
    expect(screen.getByText('coffee.png · uploaded when you save')).toBeTruthy();
    expect(button('Save').disabled).toBe(false);
    await user.click(button('Save'));
    await screen.findByRole('dialog', { name: 'Success!' });
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url) === '/api/upload/upload');
    expect((upload?.[1]?.body as FormData | undefined)?.get('category')).toBe('reward_image');
    expect(api.callsTo(`PUT /api/rewards/${COFFEE_ID}`)[0]?.body).toMatchObject({ image_url: location });
  });

  it('refuses a file that is not an image', async () => {
    serveRewards();
    await openReward(COFFEE_ID, 'Free Coffee');
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(
      screen.getByLabelText('Image'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByText(UPLOAD_MESSAGES.notAnImage)).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
  });
});

describe('edit a reward', () => {
  it('clears the edited flag after a save', async () => {
    const api = serveRewards(
      {},
      {
        [`PUT /api/rewards/${COFFEE_ID}`]: () =>
          ok({ ...COFFEE, cost: { ...COFFEE.cost, amount: 300 }, updated_at: '2026-11-02T10:00:00.000Z' }),
      },
    );
    await openReward(COFFEE_ID, 'Free Coffee');
    expect(button('Save').disabled).toBe(true);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    await user.clear(field('Cost'));
    await user.type(field('Cost'), '300');
    expect(button('Save').disabled).toBe(false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(button('Save'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    expect(within(success).getByText('Reward updated.')).toBeTruthy();
    expect(api.callsTo(`PUT /api/rewards/${COFFEE_ID}`)[0]?.body).toMatchObject({
      cost: { currency: COINS_ID, amount: 300 },
    });
    await waitFor(() => expect(button('Save').disabled).toBe(true));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('a user who may view rewards but not add one is told why the new reward cannot be saved', async () => {
    serveRewards({
      role: 'AREA_MANAGER',
      user_permissions: { REWARDS: { read: true, create: false, update: true, delete: false } },
    });
    await openCreate();
    expect(screen.getByText(REWARD_TEXTS.mayNotCreateNote)).toBeTruthy();
    expect(screen.queryByText(REWARD_TEXTS.readOnlyNote)).toBeNull();
  });

  it('keeps the stock from going below what was redeemed, and shows the server saying so', async () => {
    const api = serveRewards(
      {},
      {
        [`PUT /api/rewards/${MUG_ID}`]: () => fail(400, REWARD_MESSAGES.stockBelowRedeemed(50)),
      },
    );
    await openReward(MUG_ID, 'Branded Mug');
    expect(screen.getByText('50 redeemed so far: the stock cannot go below that.')).toBeTruthy();
    // Once redeemed, the type stays.
    expect(combobox('Type').readOnly).toBe(true);
    await user.clear(field('Stock'));
    await user.type(field('Stock'), '20');
    await user.click(button('Save'));
    expect(await validationMessages()).toEqual([REWARD_MESSAGES.stockBelowRedeemed(50)]);
    expect(api.callsTo(`PUT /api/rewards/${MUG_ID}`)).toHaveLength(0);

    // Whatever the server refuses comes back in the failure modal with its message.
    await user.clear(field('Stock'));
    await user.type(field('Stock'), '60');
    await user.click(button('Save'));
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when saving your reward!',
    });
    expect(within(modal).getByText('Stock cannot be less than the 50 already redeemed')).toBeTruthy();
  });

  it("shows and saves the window's days in the business's time zone, not this browser's", async () => {
    // 10-20 Dec as the server stores it for a business in Johannesburg; a browser in London reads the start as the
    // 9th in its own zone, and its own zone would have sent instants two hours late.
    const windowed = rewardFixture({
      available_from: '2026-12-09T22:00:00.000Z',
      available_to: '2026-12-20T21:59:59.999Z',
      status: 'Scheduled',
    });
    const processZone = process.env.TZ;
    process.env.TZ = 'Europe/London';
    try {
      expect(new Date(windowed.available_from as string).getDate()).toBe(9);
      const api = serveRewards(
        {},
        {
          'GET /api/v2/client': () =>
            ok(
              clientFixture({
                clientSubscription: { name: 'GROWTH', status: 'ACTIVE' },
                time_zone: 'Africa/Johannesburg',
              }),
            ),
          [`GET /api/rewards/${COFFEE_ID}`]: () => ok(windowed),
          [`PUT /api/rewards/${COFFEE_ID}`]: () =>
            ok({
              ...windowed,
              cost: { ...windowed.cost, amount: 300 },
              updated_at: '2026-11-02T10:00:00.000Z',
            }),
        },
      );
      await openReward(COFFEE_ID, 'Free Coffee');
      expect(field('Available from').value).toBe('10 Dec 2026');
      expect(field('Available until').value).toBe('20 Dec 2026');
      expect(preview().getByText('10 Dec 2026 – 20 Dec 2026')).toBeTruthy();
      await user.clear(field('Cost'));
      await user.type(field('Cost'), '300');
      await user.click(button('Save'));
      await screen.findByRole('dialog', { name: 'Success!' });
      // The days go as days: the server puts them in the business's zone, where it judges a redemption.
      expect(api.callsTo(`PUT /api/rewards/${COFFEE_ID}`)[0]?.body).toMatchObject({
        available_from: '2026-12-10',
        available_to: '2026-12-20',
      });
    } finally {
      if (processZone === undefined) delete process.env.TZ;
      else process.env.TZ = processZone;
    }
  });

  it('shows a saved reward in the preview: image, name, cost, type and what is left', async () => {
    serveRewards();
    await openReward(MUG_ID, 'Branded Mug');
    expect(preview().getByRole('img', { name: 'Branded Mug' }).getAttribute('src')).toBe(MUG.image_url);
    expect(preview().getByTestId('reward-preview-cost').textContent).toBe('1,200 BC');
    expect(preview().getByText('Physical item')).toBeTruthy();
    expect(preview().getByText('0 left')).toBeTruthy();
    expect(preview().getByText('Out of stock')).toBeTruthy();
  });
});

describe('leaving a reward with unsaved edits', () => {
  const leaveDialog = () => screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXTS.title });
  const noLeaveDialog = () =>
    waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXTS.title })).toBeNull());

  it('asks first: Keep editing stays with the edits, Leave goes without saving', async () => {
    const api = serveRewards();
    const { router } = await openReward(COFFEE_ID, 'Free Coffee');
    await user.clear(field('Cost'));
    await user.type(field('Cost'), '300');
    await user.click(screen.getByRole('link', { name: 'Back to Rewards' }));
    const dialog = await leaveDialog();
    expect(within(dialog).getByText(UNSAVED_CHANGES_TEXTS.text)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await noLeaveDialog();
    expect(router.state.location.pathname).toBe(`/console/reward/${COFFEE_ID}`);
    expect(field('Cost').value).toBe('300');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to Rewards' }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/rewards'));
    expect(api.callsTo(`PUT /api/rewards/${COFFEE_ID}`)).toHaveLength(0);
  });

  it('leaves without asking when nothing is edited, and once the edits are saved', async () => {
    serveRewards(
      {},
      {
        [`PUT /api/rewards/${COFFEE_ID}`]: () =>
          ok({ ...COFFEE, cost: { ...COFFEE.cost, amount: 300 }, updated_at: '2026-11-02T10:00:00.000Z' }),
      },
    );
    const { router } = await openReward(COFFEE_ID, 'Free Coffee');
    await user.click(screen.getByRole('link', { name: 'Back to Rewards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/rewards'));

    router.navigate(`/console/reward/${COFFEE_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Reward - Free Coffee' });
    await user.clear(field('Cost'));
    await user.type(field('Cost'), '300');
    await user.click(button('Save'));
    const success = await screen.findByRole('dialog', { name: 'Success!' });
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(button('Save').disabled).toBe(true));
    await user.click(screen.getByRole('link', { name: 'Back to Rewards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/console/rewards'));
    expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES_TEXTS.title })).toBeNull();
  });
});

describe("a pool reward's codes", () => {
  it('shows the codes left with the low warning, uploads a CSV and says what was added', async () => {
    const api = serveRewards(
      {},
      {
        [`POST /api/rewards/${VOUCHERS_ID}/codes`]: () =>
          ok({
            added: 20,
            skipped: 1,
            repeated: 2,
            reward: { ...VOUCHERS, codes_total: 120, codes_left: 27, updated_at: '2026-11-02T10:00:00.000Z' },
          }),
      },
    );
    await openReward(VOUCHERS_ID, 'Partner Voucher');
    expect(screen.getByTestId('reward-codes-left').textContent).toBe('7 of 100 codes left');
    // By its text: a notification another test file left in the shared registry is an alert too.
    expect(screen.getByText(REWARD_MESSAGES.poolLow(7))).toBeTruthy();
    expect(preview().getByText('15% off')).toBeTruthy();

    const csv = new File(['code\nPARTNER-0001\nPARTNER-0002\n'], 'partner-codes.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Upload codes'), csv);
    expect(
      await screen.findByText('20 codes added; 2 repeated in the file and 1 already known skipped.'),
    ).toBeTruthy();
    const sent = api.fetchMock.mock.calls.find(
      ([url]) => String(url) === `/api/rewards/${VOUCHERS_ID}/codes`,
    );
    const form = sent?.[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('partner-codes.csv');
    await waitFor(() =>
      expect(screen.getByTestId('reward-codes-left').textContent).toBe('27 of 120 codes left'),
    );
    expect(screen.queryByText(REWARD_MESSAGES.poolLow(27))).toBeNull();
    // The answer stays, and the upload edits nothing in the form.
    expect(
      screen.getByText('20 codes added; 2 repeated in the file and 1 already known skipped.'),
    ).toBeTruthy();
    expect(button('Save').disabled).toBe(true);
  });

  it('shows in the preview the codes left of a pool with no stock limit', async () => {
    const unlimitedPool = {
      ...VOUCHERS,
      stock: null,
      stock_left: null,
      redeemed: 5,
      codes_total: 24,
      codes_left: 19,
      status: 'Active' as const,
    };
    serveRewards({}, { [`GET /api/rewards/${VOUCHERS_ID}`]: () => ok(unlimitedPool) });
    await openReward(VOUCHERS_ID, 'Partner Voucher');
    expect(screen.getByTestId('reward-codes-left').textContent).toBe('19 of 24 codes left');
    expect(screen.queryByText(REWARD_MESSAGES.poolLow(19))).toBeNull();
    expect(preview().getByText('19 left')).toBeTruthy();
    // The stock section says the codes are the limit, not that members may redeem without end.
    expect(screen.getByText('Unlimited stock: the codes left are the limit (19).')).toBeTruthy();
    expect(screen.queryByText('Unlimited: as many as members redeem.')).toBeNull();
    expect((screen.getByRole('switch', { name: 'Unlimited' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says the codes limit a pool with a stock too', async () => {
    serveRewards(
      {},
      {
        [`GET /api/rewards/${VOUCHERS_ID}`]: () =>
          ok({ ...VOUCHERS, stock: 500, redeemed: 0, codes_total: 24, codes_left: 19 }),
      },
    );
    await openReward(VOUCHERS_ID, 'Partner Voucher');
    expect(
      screen.getByText('How many can be redeemed in total. The codes left (19) limit it too.'),
    ).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Unlimited' }) as HTMLInputElement).checked).toBe(false);
  });

  it("shows the server's refusal of a bad file", async () => {
    serveRewards(
      {},
      { [`POST /api/rewards/${VOUCHERS_ID}/codes`]: () => fail(400, REWARD_MESSAGES.poolBadCode(3)) },
    );
    await openReward(VOUCHERS_ID, 'Partner Voucher');
    await user.upload(
      screen.getByLabelText('Upload codes'),
      new File(['A1B2\nok-code\nbad code!\n'], 'codes.txt', { type: 'text/plain' }),
    );
    const modal = await screen.findByRole('dialog', {
      name: 'Something went wrong when uploading your codes!',
    });
    expect(within(modal).getByText(REWARD_MESSAGES.poolBadCode(3))).toBeTruthy();
  });
});

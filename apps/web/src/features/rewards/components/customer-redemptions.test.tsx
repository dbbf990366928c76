import {
  COMMON_MESSAGES,
  playerRewardOf,
  REWARD_MESSAGES,
  type TRewardRedemption,
  type TSessionUser,
  type TWallet,
} from '@laurel/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CUSTOMER_ID, customerFixture, serveCustomers } from '@/features/customers/test-server';
import { REDEMPTION_TEXTS } from '@/features/rewards/redemption-api';
import { COFFEE, COINS, COINS_ID, listReply, MUG, rewardFixture } from '@/features/rewards/test-server';
import { clientFixture } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fail, ok } from '@/test/stub-api';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null });

const PROFILE = `/console/customers/customer-profile/${CUSTOMER_ID}`;
const REDEMPTIONS = `GET /api/customers/${CUSTOMER_ID}/redemptions`;
const REDEEM = `POST /api/customers/${CUSTOMER_ID}/redemptions`;
const WALLETS = `GET /api/economy/customers/${CUSTOMER_ID}/wallets`;
const ISSUED_ID = 'e1'.repeat(12);
const PLAYER_REWARDS = `GET /api/v1/players/${CUSTOMER_ID}/rewards`;

const HAMPER = rewardFixture({
  _id: 'd4'.repeat(12),
  name: 'Gift Hamper',
  type: 'physical',
  cost: { currency: COINS_ID, amount: 5000 },
  coupon: null,
});

const redemption = (overrides: Partial<TRewardRedemption> = {}): TRewardRedemption => ({
  _id: ISSUED_ID,
  reward_id: COFFEE._id,
  reward_name: 'Free Coffee',
  reward_type: 'coupon',
  customer_id: CUSTOMER_ID,
  status: 'issued',
  coupon_code: 'K7PX2MZ9QRTA',
  expires_at: '2026-12-01T10:00:00.000Z',
  cost: { currency: COINS_ID, amount: 250 },
  balance_after: 750,
  branch_id: null,
  created_at: '2026-11-01T10:00:00.000Z',
  used_at: null,
  cancelled_at: null,
  ...overrides,
});
const USED = redemption({
  _id: 'e2'.repeat(12),
  status: 'used',
  coupon_code: 'USEDCODE2345',
  used_at: '2026-11-02T10:00:00.000Z',
});
const CANCELLED = redemption({
  _id: 'e3'.repeat(12),
  status: 'cancelled',
  coupon_code: 'VOIDCODE2345',
  cancelled_at: '2026-11-03T10:00:00.000Z',
});
const wallet = (balance: number): TWallet => ({
  currency: { _id: COINS_ID, type: 'custom', name: COINS.name, code: COINS.code, icon: COINS.icon },
  balance,
  expiring_soon: 0,
  next_expiry_at: null,
});

/** The profile on `plan` as `user`, with three redemptions (issued, used, cancelled) and a balance of 1,000 Bean Coins. */
const serveProfile = (
  {
    plan = 'GROWTH',
    user: sessionUser = {},
  }: { plan?: 'FREEMIUM' | 'GROWTH'; user?: Partial<TSessionUser> } = {},
  replies: Parameters<typeof serveCustomers>[1] = {},
) =>
  serveCustomers(sessionUser, {
    'GET /api/v2/client': () => ok(clientFixture({ clientSubscription: { name: plan, status: 'ACTIVE' } })),
    [REDEMPTIONS]: () => listReply([redemption(), USED, CANCELLED]),
    [WALLETS]: () => ok([wallet(1000)]),
    [PLAYER_REWARDS]: () =>
      ok([
        playerRewardOf(COFFEE, null),
        playerRewardOf(MUG, 'out_of_stock'),
        playerRewardOf(HAMPER, 'insufficient_balance'),
      ]),
    ...replies,
  });

const rewardsBox = async () => within(await screen.findByRole('region', { name: REDEMPTION_TEXTS.title }));

const openProfile = async () => {
  renderApp(PROFILE);
  await screen.findByRole('heading', { level: 1, name: 'Ann Smith' });
};

describe('the profile’s Rewards box', () => {
  it('lists the customer’s redemptions: reward, status, code, cost, date and expiry', async () => {
    serveProfile();
    await openProfile();
    const box = await rewardsBox();
    const issued = (await box.findByText('K7PX2MZ9QRTA')).closest('tr') as HTMLElement;
    expect(
      within(issued)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Free CoffeeCoupon', 'Issued', 'K7PX2MZ9QRTA', '250 BC', '1 Nov 2026', '1 Dec 2026', '']);
    // Only an issued redemption can be cancelled.
    expect(within(issued).getByRole('button', { name: 'Cancel Free Coffee K7PX2MZ9QRTA' })).toBeTruthy();
    const used = box.getByText('USEDCODE2345').closest('tr') as HTMLElement;
    expect(within(used).getByText('Used')).toBeTruthy();
    expect(within(used).queryByRole('button')).toBeNull();
    // A cancelled coupon is void: it shows no expiry, and cannot be cancelled again.
    const cancelled = box.getByText('VOIDCODE2345').closest('tr') as HTMLElement;
    expect(
      within(cancelled)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Free CoffeeCoupon', 'Cancelled', 'VOIDCODE2345', '250 BC', '1 Nov 2026', '—', '']);
  });

  it('is not there outside a plan with rewards', async () => {
    const freemium = serveProfile({ plan: 'FREEMIUM' });
    await openProfile();
    await screen.findByRole('region', { name: 'Wallet History' });
    expect(screen.queryByRole('region', { name: REDEMPTION_TEXTS.title })).toBeNull();
    expect(freemium.callsTo(REDEMPTIONS)).toHaveLength(0);
  });

  it('is not there for a user who may not view rewards', async () => {
    const api = serveProfile({
      user: {
        role: 'BRANCH_MANAGER',
        user_permissions: { CUSTOMERS: { read: true, create: false, update: false, delete: false } },
      },
    });
    await openProfile();
    await screen.findByRole('region', { name: 'Wallet History' });
    expect(screen.queryByRole('region', { name: REDEMPTION_TEXTS.title })).toBeNull();
    expect(api.callsTo(REDEMPTIONS)).toHaveLength(0);
  });

  it('hides Redeem and Cancel from a user who may only view rewards', async () => {
    serveProfile({
      user: {
        role: 'BRANCH_MANAGER',
        user_permissions: {
          CUSTOMERS: { read: true, create: false, update: false, delete: false },
          REWARDS: { read: true, create: false, update: false, delete: false },
        },
      },
    });
    await openProfile();
    const box = await rewardsBox();
    await box.findByText('K7PX2MZ9QRTA');
    expect(box.queryByRole('button', { name: REDEMPTION_TEXTS.redeem })).toBeNull();
    expect(box.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });
});

describe('Redeem reward', () => {
  it('redeems the chosen active reward once per opening, shows the code and the new balance, and reloads', async () => {
    const api = serveProfile(
      {},
      {
        [WALLETS]: () => ok([wallet(1000.5)]),
        [REDEEM]: () =>
          ok(
            redemption({ _id: 'e3'.repeat(12), coupon_code: 'NEWCODE23456', balance_after: 750.5 }),
            REWARD_MESSAGES.redeemed,
          ),
      },
    );
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    // Balances read as the Wallet Balance tile shows them: two decimals.
    expect(await dialog.findByText('Balance: 1,000.50 BC')).toBeTruthy();
    expect(api.callsTo(PLAYER_REWARDS)).toHaveLength(1);
    await user.click(await dialog.findByRole('radio', { name: /Free Coffee/ }));
    const walletLoads = api.callsTo(WALLETS).length;
    const listLoads = api.callsTo(REDEMPTIONS).length;
    await user.click(dialog.getByRole('button', { name: REDEMPTION_TEXTS.redeemButton }));
    expect(await dialog.findByText('NEWCODE23456')).toBeTruthy();
    expect(dialog.getByText(REDEMPTION_TEXTS.issued)).toBeTruthy();
    expect(dialog.getByText('750.50 BC')).toBeTruthy();
    // The code is handed over by copying it: the button says so, and the clipboard holds the code.
    await user.click(dialog.getByRole('button', { name: REDEMPTION_TEXTS.copyCode }));
    expect(await dialog.findByRole('button', { name: REDEMPTION_TEXTS.copied })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('NEWCODE23456');
    const body = api.callsTo(REDEEM)[0]?.body as { id: string; reward_id: string };
    expect(body.reward_id).toBe(COFFEE._id);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => {
      expect(api.callsTo(WALLETS).length).toBeGreaterThan(walletLoads);
      expect(api.callsTo(REDEMPTIONS).length).toBeGreaterThan(listLoads);
    });
    await user.click(dialog.getByRole('button', { name: REDEMPTION_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REDEMPTION_TEXTS.redeem })).toBeNull());
    // A new opening is a new redemption: a new idempotency id.
    await user.click(box.getByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const again = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    await user.click(await again.findByRole('radio', { name: /Free Coffee/ }));
    await user.click(again.getByRole('button', { name: REDEMPTION_TEXTS.redeemButton }));
    await waitFor(() => expect(api.callsTo(REDEEM)).toHaveLength(2));
    const [, second] = api.callsTo(REDEEM).map((call) => (call.body as { id: string }).id);
    expect(second).not.toBe(body.id);
  });

  it('greys out what the customer cannot redeem, with the reason, and keeps Redeem off for it', async () => {
    const api = serveProfile();
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    const radios = await dialog.findAllByRole('radio');
    // What may be redeemed comes first.
    expect(
      radios.map((radio) => [radio.getAttribute('value'), (radio as HTMLInputElement).disabled]),
    ).toEqual([
      [COFFEE._id, false],
      [MUG._id, true],
      [HAMPER._id, true],
    ]);
    const mug = dialog.getByRole('radio', { name: /Branded Mug/ });
    expect(mug.closest('.mantine-Radio-root')?.textContent).toContain('Out of stock');
    const hamper = dialog.getByRole('radio', { name: /Gift Hamper/ });
    expect(hamper.closest('.mantine-Radio-root')?.textContent).toContain('Insufficient balance');
    await user.click(hamper);
    expect((hamper as HTMLInputElement).checked).toBe(false);
    const redeem = dialog.getByRole('button', { name: REDEMPTION_TEXTS.redeemButton }) as HTMLButtonElement;
    expect(redeem.disabled).toBe(true);
    await user.click(dialog.getByRole('radio', { name: /Free Coffee/ }));
    expect(redeem.disabled).toBe(false);
    expect(api.callsTo(REDEEM)).toHaveLength(0);
  });

  it('says when a reward outside its window opens or closed, on the business’s calendar', async () => {
    // 22:00 UTC is midnight the next day in Johannesburg (UTC+2), where the window's days are read.
    const SOON = rewardFixture({
      _id: 'f5'.repeat(12),
      name: 'Summer Smoothie',
      available_from: '2099-12-04T22:00:00.000Z',
    });
    const GONE = rewardFixture({
      _id: 'f6'.repeat(12),
      name: 'Winter Soup',
      available_to: '2026-12-01T21:59:59.999Z',
    });
    const SUSPENDED = rewardFixture({ _id: 'f7'.repeat(12), name: 'Any Muffin' });
    serveProfile(
      {},
      {
        'GET /api/v2/client': () =>
          ok(
            clientFixture({
              time_zone: 'Africa/Johannesburg',
              clientSubscription: { name: 'GROWTH', status: 'ACTIVE' },
            }),
          ),
        [PLAYER_REWARDS]: () =>
          ok([
            playerRewardOf(SOON, 'not_available'),
            playerRewardOf(GONE, 'not_available'),
            playerRewardOf(SUSPENDED, 'not_available'),
          ]),
      },
    );
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    const reason = async (name: RegExp) =>
      (await dialog.findByRole('radio', { name })).closest('.mantine-Radio-root')?.textContent;
    expect(await reason(/Summer Smoothie/)).toContain('Available from 5 Dec 2099');
    expect(await reason(/Winter Soup/)).toContain('Ended 1 Dec 2026');
    // Within its window (a suspended member): no date explains it.
    expect(await reason(/Any Muffin/)).toContain('Not available');
    expect(await reason(/Summer Smoothie/)).not.toContain('Not available');
  });

  it('says a search matched nothing, not that there are no rewards, and lists them again once it is cleared', async () => {
    serveProfile();
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    await dialog.findByRole('radio', { name: /Free Coffee/ });
    const search = dialog.getByRole('textbox', { name: REDEMPTION_TEXTS.search });
    await user.type(search, 'zzz');
    expect(await dialog.findByText(REDEMPTION_TEXTS.noMatch)).toBeTruthy();
    expect(dialog.queryByText(REDEMPTION_TEXTS.noRewards)).toBeNull();
    await user.clear(search);
    expect(await dialog.findByRole('radio', { name: /Free Coffee/ })).toBeTruthy();
  });

  it('says there are no rewards when the catalogue is empty', async () => {
    serveProfile({}, { [PLAYER_REWARDS]: () => ok([]) });
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    expect(await dialog.findByText(REDEMPTION_TEXTS.noRewards)).toBeTruthy();
  });

  it('shows a refusal in the message modal with the server’s words, and retries with the same id', async () => {
    // The list said yes, but the balance went meanwhile: the server's refusal is shown.
    const api = serveProfile({}, { [REDEEM]: () => fail(409, REWARD_MESSAGES.insufficientBalance) });
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: REDEMPTION_TEXTS.redeem }));
    const dialog = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeem }));
    await user.click(await dialog.findByRole('radio', { name: /Free Coffee/ }));
    await user.click(dialog.getByRole('button', { name: REDEMPTION_TEXTS.redeemButton }));
    const modal = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.redeemFailed }));
    expect(modal.getByText(REWARD_MESSAGES.insufficientBalance)).toBeTruthy();
    await user.click(modal.getByRole('button', { name: 'OK' }));
    await user.click(dialog.getByRole('button', { name: REDEMPTION_TEXTS.redeemButton }));
    await waitFor(() => expect(api.callsTo(REDEEM)).toHaveLength(2));
    const [first, second] = api.callsTo(REDEEM).map((call) => (call.body as { id: string }).id);
    expect(second).toBe(first);
  });
});

describe('Cancel a redemption', () => {
  it('asks first, then cancels, says what the server said and reloads the balances', async () => {
    const cancelPath = `POST /api/redemptions/${ISSUED_ID}/cancel`;
    const api = serveProfile(
      {},
      {
        [cancelPath]: () => ok(redemption({ status: 'cancelled' }), REWARD_MESSAGES.cancelled),
      },
    );
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: 'Cancel Free Coffee K7PX2MZ9QRTA' }));
    const confirm = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle }));
    // True whatever the coupon's source: a pool's code is voided and not put back, a set stock gets one back.
    expect(
      confirm.getByText(
        'The coupon K7PX2MZ9QRTA stops working for good and 250 BC go back to the customer’s wallet. ' +
          'If Free Coffee has a set stock, one goes back to it; a code from an uploaded pool is not put back in the pool.',
      ),
    ).toBeTruthy();
    expect(confirm.queryByText(/returns to stock/)).toBeNull();
    const walletLoads = api.callsTo(WALLETS).length;
    await user.click(confirm.getByRole('button', { name: REDEMPTION_TEXTS.cancelConfirm }));
    // The answer opens as a success, not under the button's words.
    const done = within(await screen.findByRole('dialog', { name: COMMON_MESSAGES.successExclaimed }));
    expect(done.getByText(REWARD_MESSAGES.cancelled)).toBeTruthy();
    expect(api.callsTo(cancelPath)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(WALLETS).length).toBeGreaterThan(walletLoads));
  });

  it('cancels once for a double-click on the confirm button, with no error shown', async () => {
    const cancelPath = `POST /api/redemptions/${ISSUED_ID}/cancel`;
    let replies = 0;
    const api = serveProfile(
      {},
      {
        [cancelPath]: () => {
          replies += 1;
          return replies === 1
            ? ok(redemption({ status: 'cancelled' }), REWARD_MESSAGES.cancelled)
            : fail(409, 'This redemption was cancelled already');
        },
      },
    );
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: 'Cancel Free Coffee K7PX2MZ9QRTA' }));
    const confirm = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle }));
    const cancel = confirm.getByRole('button', { name: REDEMPTION_TEXTS.cancelConfirm });
    // In a browser the button stays on screen while its dialog closes (tests turn transitions off): both clicks
    // land on it before React re-renders.
    act(() => {
      fireEvent.click(cancel);
      fireEvent.click(cancel);
    });
    const done = within(await screen.findByRole('dialog', { name: COMMON_MESSAGES.successExclaimed }));
    expect(done.getByText(REWARD_MESSAGES.cancelled)).toBeTruthy();
    expect(api.callsTo(cancelPath)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: REDEMPTION_TEXTS.cancelFailed })).toBeNull();
    expect(screen.queryByText('This redemption was cancelled already')).toBeNull();
  });

  it('says only what a reward without a coupon gets back', async () => {
    const HAMPER_REDEMPTION = redemption({
      _id: 'e4'.repeat(12),
      reward_id: HAMPER._id,
      reward_name: 'Gift Hamper',
      reward_type: 'physical',
      coupon_code: null,
      expires_at: null,
    });
    serveProfile({}, { [REDEMPTIONS]: () => listReply([HAMPER_REDEMPTION]) });
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: 'Cancel Gift Hamper' }));
    const confirm = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle }));
    expect(
      confirm.getByText(
        '250 BC go back to the customer’s wallet. If Gift Hamper has a set stock, one goes back to it.',
      ),
    ).toBeTruthy();
  });

  it("on an erased customer's profile says the coupon is voided and nothing is credited back", async () => {
    serveProfile(
      {},
      {
        'GET /api/v2/get/user': () =>
          ok(customerFixture({ name: 'Erased', surname: 'customer', status: 'ERASED' })),
      },
    );
    renderApp(PROFILE);
    await screen.findByRole('heading', { level: 1, name: 'Erased customer' });
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: 'Cancel Free Coffee K7PX2MZ9QRTA' }));
    const confirm = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle }));
    expect(
      confirm.getByText(
        'The coupon K7PX2MZ9QRTA stops working for good. Nothing goes back to the wallet: this customer was erased and their balances were forfeited.',
      ),
    ).toBeTruthy();
  });

  it('changes nothing when the user keeps it', async () => {
    const cancelPath = `POST /api/redemptions/${ISSUED_ID}/cancel`;
    const api = serveProfile();
    await openProfile();
    const box = await rewardsBox();
    await user.click(await box.findByRole('button', { name: 'Cancel Free Coffee K7PX2MZ9QRTA' }));
    const confirm = within(await screen.findByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle }));
    await user.click(confirm.getByRole('button', { name: REDEMPTION_TEXTS.keep }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: REDEMPTION_TEXTS.cancelTitle })).toBeNull(),
    );
    expect(api.callsTo(cancelPath)).toHaveLength(0);
  });
});

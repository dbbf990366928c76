import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ADD_CUSTOMER_MESSAGES,
  adjustCustomerWallet,
  createCurrency,
  createReward,
  createWebhookEndpoint,
  ECONOMY_API_MESSAGES,
  REWARD_MESSAGES,
  type TEndpoint,
  type TReward,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createApiKey, createClientAndSignIn, postAs, type SignedIn } from '../../../apps/api/test/factories';
import { overHttp } from '../../../apps/api/test/over-http';
import { exitOf, type ServerProcess, startServer } from '../../../apps/api/test/server-process';
import { type ReceivedWebhook, startReceiver } from '../../../apps/api/test/webhook-receiver';
import { Laurel, LaurelError, type LaurelWebhookEvent, operations, verifyWebhook } from '../src';

/*
 * Issue 26: the SDK against a real server process (PGlite on a fresh data directory). A business on BUSINESS (the
 * plan with webhooks) with an API key, a currency and a reward are set up through the console API; then the SDK
 * enrols a customer, sends events, reads the player, redeems a reward once the console has funded the customer, uses
 * the coupon, and verifies the webhooks the server sends to an endpoint the console added.
 */

const COST = 50;
const FUNDS = 120;

let dataDir: string;
let server: ServerProcess;
let admin: SignedIn;
let consoleApp: ReturnType<typeof overHttp>;
let laurel: Laurel;
let currencyId: string;
let reward: TReward;

/** A console write as the admin, its body checked against the contract. */
const postAsAdmin = <E extends TEndpoint>(endpoint: E, url: string, body: z.input<NonNullable<E['body']>>) =>
  postAs<z.output<E['response']> extends { content: infer C } ? C : never>(
    consoleApp,
    admin,
    url,
    body as object,
    endpoint.summary,
  );

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'laurel-sdk-'));
  server = await startServer({ DATA_DIR: dataDir });
  consoleApp = overHttp(server.url);
  admin = await createClientAndSignIn(consoleApp, { plan: 'BUSINESS' });
  const { key } = await createApiKey(consoleApp, admin, 'sdk');
  const currency = await postAsAdmin(createCurrency, '/api/economy/currencies', {
    type: 'custom',
    name: 'Stars',
    code: `S${randomBytes(2).toString('hex').toUpperCase()}`,
    conversion_rate: 1,
  });
  currencyId = currency._id;
  reward = await postAsAdmin(createReward, '/api/rewards', {
    name: `Free flat white ${randomBytes(2).toString('hex')}`,
    description: 'Any size, any branch',
    type: 'coupon',
    cost: { currency: currencyId, amount: COST },
    stock: 5,
    coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
  });
  laurel = new Laurel({ apiKey: key, baseUrl: server.url });
});

afterAll(async () => {
  if (server) {
    server.child.kill('SIGTERM');
    await exitOf(server.child);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Reads the player until `ready` holds: the engine processes events in the background. */
const playerWhen = async (
  customerId: string,
  ready: (player: Awaited<ReturnType<Laurel['players']['get']>>) => boolean,
) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const player = await laurel.players.get(customerId);
    if (ready(player) || Date.now() > deadline) return player;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('the SDK against a started server', () => {
  it('enrols a customer, sends events, reads the player, redeems a reward and uses its coupon', async () => {
    const externalId = `crm-${randomBytes(4).toString('hex')}`;
    const email = `sdk.${randomBytes(4).toString('hex')}@example.com`;
    const first = await laurel.request(operations.customers.enrol, {
      body: { external_id: externalId, email, name: 'Ayanda', surname: 'Nkosi' },
    });
    expect(first.status).toBe(201);
    const customer = first.body.content;
    expect(customer).toMatchObject({ name: 'Ayanda', surname: 'Nkosi', email });

    // Enrolling the same external_id again updates the same customer.
    const again = await laurel.customers.enrol({
      external_id: externalId,
      name: 'Ayanda',
      surname: 'Dlamini',
    });
    expect(again).toMatchObject({ _id: customer._id, surname: 'Dlamini' });
    expect(await laurel.customers.find({ external_id: externalId })).toMatchObject({ _id: customer._id });
    expect(await laurel.customers.get(customer._id)).toMatchObject({ email, surname: 'Dlamini' });

    // One event (its id made by the SDK), then a batch naming the customer by external_id, then a repeat.
    const one = await laurel.events.send({ type: 'user.logged-in', customer: { _id: customer._id } });
    expect(one).toMatchObject({ status: 'accepted' });
    const occurred_at = new Date().toISOString();
    const login = {
      id: `${externalId}-login-2`,
      type: 'user.logged-in',
      customer: { external_id: externalId },
      occurred_at,
    } as const;
    const batch = await laurel.events.send([
      login,
      { id: `${externalId}-login-3`, type: 'user.logged-in', customer: { email } },
    ]);
    expect(batch).toEqual([
      expect.objectContaining({ id: `${externalId}-login-2`, status: 'accepted' }),
      expect.objectContaining({ id: `${externalId}-login-3`, status: 'accepted' }),
    ]);
    // The same event again (same id, same payload) is acknowledged and not counted twice.
    expect(await laurel.events.send(login)).toMatchObject({ id: login.id, status: 'duplicate' });

    const player = await playerWhen(customer._id, (p) => p.statistics.numberOfLogins === 3);
    expect(player.customer_id).toBe(customer._id);
    expect(player.statistics.numberOfLogins).toBe(3);
    expect(player.wallets).toEqual([expect.objectContaining({ currency: currencyId, balance: 0 })]);

    // Nothing to redeem with yet.
    const [before] = await laurel.players.rewards(customer._id);
    expect(before).toMatchObject({ _id: reward._id, redeemable: false, reason: 'insufficient_balance' });
    const refused = await laurel.players
      .redeem(customer._id, { reward_id: reward._id })
      .catch((error) => error);
    expect(refused).toBeInstanceOf(LaurelError);
    expect(refused).toMatchObject({ status: 409, message: REWARD_MESSAGES.insufficientBalance });

    // The console funds the customer; the SDK redeems and the wallet pays.
    await postAsAdmin(adjustCustomerWallet, `/api/economy/customers/${customer._id}/adjustments`, {
      currency: currencyId,
      direction: 'credit',
      amount: FUNDS,
      reason: 'Welcome gift',
    });
    const [after] = await laurel.players.rewards(customer._id);
    expect(after).toMatchObject({ _id: reward._id, redeemable: true, reason: null });

    const redemption = await laurel.players.redeem(customer._id, { reward_id: reward._id });
    expect(redemption).toMatchObject({
      reward_id: reward._id,
      customer_id: customer._id,
      status: 'issued',
      cost: { currency: currencyId, amount: COST },
      balance_after: FUNDS - COST,
    });
    expect(redemption.coupon_code).toMatch(/^[A-Z0-9]{10,}$/);

    // A repeat of an idempotency id answers the first answer and spends nothing more.
    const id = `redeem-${randomBytes(4).toString('hex')}`;
    const second = await laurel.players.redeem(customer._id, { id, reward_id: reward._id });
    expect(await laurel.players.redeem(customer._id, { id, reward_id: reward._id })).toEqual(second);
    expect(second.balance_after).toBe(FUNDS - 2 * COST);

    const ledger = await laurel.players.transactions(customer._id, { page: 1, size: 10 });
    expect(ledger.pagination).toEqual({ count: 3, hasMore: false });
    expect(
      ledger.items.map((row) => [row.transaction_type, row.value, row.wallet_balance_post_transaction]),
    ).toEqual([
      ['Spending', -COST, FUNDS - 2 * COST],
      ['Spending', -COST, FUNDS - COST],
      [expect.any(String), FUNDS, FUNDS],
    ]);

    const spent = await laurel.players
      .spend(customer._id, { currency: currencyId, amount: FUNDS, reason: 'A mug' })
      .catch((error) => error);
    expect(spent).toMatchObject({ status: 409, message: ECONOMY_API_MESSAGES.insufficientBalance });

    // The till looks the coupon up before accepting it.
    const looked = await laurel.coupons.get(redemption.coupon_code ?? '');
    expect(looked).toMatchObject({ _id: redemption._id, status: 'issued', customer_id: customer._id });
    const used = await laurel.coupons.use(redemption.coupon_code ?? '', { order_id: 'A-1009' });
    expect(used).toMatchObject({ _id: redemption._id, status: 'used' });
    await expect(laurel.coupons.use(redemption.coupon_code ?? '')).rejects.toMatchObject({
      status: 409,
      message: REWARD_MESSAGES.couponUsed,
    });
  });

  it('throws the field errors of a 400', async () => {
    const failure = await laurel.customers
      .enrol({ external_id: 'crm-nameless', name: '', surname: 'Nkosi' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LaurelError);
    expect(failure).toMatchObject({
      status: 400,
      message: ADD_CUSTOMER_MESSAGES.nameRequired,
      errors: [{ field: 'name', message: ADD_CUSTOMER_MESSAGES.nameRequired }],
    });
  });

  it('throws 401 for a wrong API key', async () => {
    const stranger = new Laurel({ apiKey: 'lk_not_a_key', baseUrl: server.url });
    await expect(stranger.players.get('5f1c2b3a4d5e6f7a8b9c0d1e')).rejects.toMatchObject({ status: 401 });
  });

  it('verifies the webhooks the server sends: an endpoint added in the console hears an enrolment and a redemption', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await postAsAdmin(createWebhookEndpoint, '/api/integrations/webhooks', {
        url: receiver.url,
        event_types: ['customer.created', 'reward.redeemed', 'coupon.used'],
      });
      expect(endpoint.secret).toMatch(/^whsec_/);
      const externalId = `crm-${randomBytes(4).toString('hex')}`;
      const customer = await laurel.customers.enrol({
        external_id: externalId,
        name: 'Lindiwe',
        surname: 'Zulu',
      });
      await postAsAdmin(adjustCustomerWallet, `/api/economy/customers/${customer._id}/adjustments`, {
        currency: currencyId,
        direction: 'credit',
        amount: COST,
        reason: 'Welcome gift',
      });
      const redemption = await laurel.players.redeem(customer._id, { reward_id: reward._id });
      await laurel.coupons.use(redemption.coupon_code ?? '', { order_id: 'A-2001' });

      // The server's dispatcher sends them as it goes: wait for the three of this customer.
      const mine = () => receiver.received.filter((hook) => hook.body.data.customer_id === customer._id);
      const deadline = Date.now() + 30_000;
      while (mine().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const hooks: ReceivedWebhook[] = mine();
      expect(hooks.map((hook) => hook.body.type)).toEqual([
        'customer.created',
        'reward.redeemed',
        'coupon.used',
      ]);

      const events: LaurelWebhookEvent[] = [];
      for (const hook of hooks) {
        const event = await verifyWebhook(endpoint.secret, hook.headers, hook.rawBody);
        expect(event.id).toBe(hook.headers['laurel-webhook-id']);
        expect(event.client_id).toBe(admin.clientId);
        await expect(verifyWebhook(`${endpoint.secret}x`, hook.headers, hook.rawBody)).rejects.toMatchObject({
          reason: 'bad_signature',
        });
        // A delivery kept and replayed later is refused: its signed timestamp is too old.
        await expect(
          verifyWebhook(endpoint.secret, hook.headers, hook.rawBody, { now: Date.now() + 600_000 }),
        ).rejects.toMatchObject({ reason: 'stale' });
        events.push(event);
      }
      // The event's type narrows its data, as a receiver's switch does.
      for (const event of events) {
        switch (event.type) {
          case 'customer.created':
            expect(event.data.customer).toMatchObject({ _id: customer._id, external_id: externalId });
            break;
          case 'reward.redeemed':
            expect(event.data.redemption).toMatchObject({
              _id: redemption._id,
              reward_id: reward._id,
              coupon_code: redemption.coupon_code,
              cost: { currency: currencyId, amount: COST },
              balance_after: 0,
            });
            break;
          case 'coupon.used':
            expect(event.data).toMatchObject({ redemption_id: redemption._id, order_id: 'A-2001' });
            break;
          default:
            throw new Error(`not subscribed: ${event.type}`);
        }
      }
    } finally {
      await receiver.close();
    }
  });

  it('verifies a webhook body signed with the DESIGN §10 scheme', async () => {
    const secret = `whsec_${randomBytes(24).toString('hex')}`;
    const body = JSON.stringify({
      id: randomBytes(12).toString('hex'),
      type: 'customer.created',
      created_at: new Date().toISOString(),
      client_id: admin.clientId,
      data: { customer_id: '5f1c2b3a4d5e6f7a8b9c0d1e' },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const headers = new Headers({
      'Laurel-Signature': `t=${t},v1=${v1}`,
      'Laurel-Event-Type': 'customer.created',
    });
    await expect(verifyWebhook(secret, headers, body)).resolves.toMatchObject({
      type: 'customer.created',
      client_id: admin.clientId,
    });
    await expect(verifyWebhook(`${secret}x`, headers, body)).rejects.toThrow(
      'The signature does not match the body',
    );
  });
});

import { randomBytes } from 'node:crypto';
import {
  EVENT_MESSAGES,
  PRIVACY_MESSAGES,
  type TCustomerDataExport,
  type TEconomyTransaction,
  type TPointsLiability,
  type TWallet,
  WEBHOOK_EVENT_TYPES,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { spend } from '../../../test/economy-helpers';
import {
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  postEvents,
  type SignedIn,
  uniqueCell,
  uniqueEmail,
} from '../../../test/factories';
import { findEverywhere as findInDatabase } from '../../../test/find-everywhere';
import { setUpPrivacyProgramme } from '../../../test/privacy-programme';
import { CARDS_FROM_ROWS, economyCards } from '../../../test/report-helpers';
import { createClientApp, NO_RATE_LIMITS } from '../../../test/test-app';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { orderBody, postBasket, postOrder, uniqueOrderId } from '../orders/orders.test-support';
import { issue, redeem as redeemSubscription } from '../subscriptions/commerce.fixtures';

let setup: Awaited<ReturnType<typeof createClientApp>>;
let currency: { _id: string };
let rewardId: string;
let planId: string;

const letters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const capitalised = (length: number) => {
  const word = letters(length);
  return word.charAt(0).toUpperCase() + word.slice(1);
};

type Member = { id: string; email: string; cell: string; name: string; surname: string; externalId: string };

const asKey = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, key = setup.key) =>
  setup.t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

const ok = (res: { statusCode: number; body: string }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body).content;
};

let receiver: Receiver;

beforeAll(async () => {
  setup = await createClientApp('BUSINESS', { env: NO_RATE_LIMITS });
  const { t } = setup;
  // Every webhook type goes to an endpoint, so a member's deliveries (their bodies hold the email) are in the export
  // and scrubbed by the erasure.
  receiver = await startReceiver();
  ok(
    await setup.call('POST', '/api/integrations/webhooks', {
      url: receiver.url,
      event_types: [...WEBHOOK_EVENT_TYPES],
    }),
  );
  const programme = await setUpPrivacyProgramme(setup);
  currency = programme.currency;
  rewardId = programme.reward;
  planId = programme.plan;
  await t.ctx.engine.drain();
});
afterAll(async () => {
  await receiver.close();
  await setup.t.close();
});

/** A member with activity in every area Laurel keeps about members. */
const memberWithEverything = async (): Promise<Member> => {
  const { t } = setup;
  const member = {
    email: uniqueEmail(letters(6)),
    cell: uniqueCell(),
    name: capitalised(9),
    surname: capitalised(10),
    externalId: `shop-${letters(8)}`,
  };
  const enrolled = ok(
    await asKey('POST', '/api/v1/customers', {
      external_id: member.externalId,
      email: member.email,
      cell_number: member.cell,
      name: member.name,
      surname: member.surname,
      birthday: '1987-03-14',
      loyalty_number: `L${letters(8).toUpperCase()}`,
    }),
    201,
  );
  const id = enrolled._id as string;
  // The console names them in its audit log (address added) and records an earlier surname (edited).
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/add/user/address',
      headers: bearer(setup.admin.token),
      payload: {
        user_id: id,
        address: {
          label: 'Home',
          full_address: `12 ${member.surname} Lane, Cape Town`,
          latitude: -33.9,
          longitude: 18.4,
        },
      },
    }),
  );
  ok(await asKey('PATCH', `/api/v1/customers/${id}`, { surname: `${member.surname}x` }));
  ok(await asKey('PATCH', `/api/v1/customers/${id}`, { surname: member.surname }));
  ok(
    await asKey('POST', `/api/v1/customers/${id}/payment-methods`, {
      brand: 'VISA',
      last_four: '4242',
      expiry_month: 12,
      expiry_year: 2099,
    }),
  );
  ok(await postOrder(t.app, setup.key, orderBody(id)), 201);
  ok(
    await postBasket(t.app, setup.key, {
      basket_id: uniqueOrderId('CART'),
      customer: { _id: id },
      type: 'COLLECTION',
      items: [{ sku: 'FLAT-WHITE', title: 'Flat white', quantity: 2, price: 42.25 }],
    }),
    201,
  );
  ok(await issue(t.app, setup.admin, id, planId));
  ok(await redeemSubscription(t.app, setup.key, planId, id), 201);
  // Named by email, and named by another member's referral.
  const byEmail = await postEvents(t.app, setup.key, {
    events: [eventFor('', { customer: { email: member.email }, type: 'user.logged-in' })],
  });
  expect(byEmail.json().content[0].status, byEmail.body).toBe('accepted');
  await t.ctx.engine.drain();
  ok(
    await setup.call('POST', `/api/economy/customers/${id}/adjustments`, {
      currency: currency._id,
      direction: 'credit',
      amount: 50,
      reason: `Welcome gift for ${member.name}`,
    }),
  );
  // Reasons are free text: integrators and staff write names in them (the ledger and the spend's answer keep it).
  ok(
    await spend(t.app, setup.key, id, {
      id: `s-${letters(6)}`,
      currency: currency._id,
      amount: 1,
      reason: `Mug for ${member.name} ${member.surname} (${member.email})`,
    }),
  );
  ok(
    await asKey('POST', `/api/v1/players/${id}/redemptions`, { id: `r-${letters(6)}`, reward_id: rewardId }),
    201,
  );
  return { id, ...member };
};

const exportOf = async (id: string, session: SignedIn = setup.admin, download = false) =>
  setup.t.app.inject({
    method: 'GET',
    url: `/api/customers/${id}/data-export${download ? '?download=true' : ''}`,
    headers: bearer(session.clientToken),
  });

/** The tables and columns of the whole database that hold any of the needles. */
const findEverywhere = (needles: string[]) => findInDatabase(setup.t.ctx.database, needles);

/** Wallets whose balance differs from the sum of their ledger rows. */
const walletsOffLedger = () =>
  setup.t.ctx.database.query(
    `SELECT w.customer_id, w.currency_id, w.balance, coalesce(sum(e.value), 0) AS ledger
       FROM wallets w
       LEFT JOIN economy_transactions e
         ON e.client_id = w.client_id AND e.customer_id = w.customer_id AND e.currency_id = w.currency_id
      WHERE w.client_id = $1
      GROUP BY 1, 2, 3 HAVING w.balance <> coalesce(sum(e.value), 0)`,
    [setup.admin.clientId],
  );

const cents = (value: number) => Math.round(value * 100) / 100;

/** The Stars line of the points liability (`GET /api/economy/liability`). */
const starsLiability = async () => {
  const lines = ok(await setup.call('GET', '/api/economy/liability')) as TPointsLiability[];
  return lines.find((line) => line.currency._id === currency._id)?.outstanding ?? 0;
};

const reportTotals = async () => ({
  fromRows: await economyCards(setup.t.app, setup.admin, CARDS_FROM_ROWS),
  fromTotals: await economyCards(setup.t.app, setup.admin, ''),
});

describe('exporting a member’s data', () => {
  it('streams one JSON document with a header and every part, each holding the member’s rows; audit-logged', async () => {
    const member = await memberWithEverything();
    const res = await exportOf(member.id, setup.admin, true);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toContain(`customer-${member.id}-data-`);
    const document = JSON.parse(res.body) as TCustomerDataExport;
    const { parts, customer_id, business } = document.laurel_data_export;
    expect(customer_id).toBe(member.id);
    const [client] = await setup.t.ctx.database.query<{ name: string }>(
      'SELECT name FROM clients WHERE id = $1',
      [document.laurel_data_export.client_id],
    );
    expect(business).toBe(client?.name);
    expect(parts.map((part) => part.name)).toEqual(
      expect.arrayContaining([
        'profile',
        'loyalty',
        'addresses',
        'payment_methods',
        'orders',
        'baskets',
        'subscriptions',
        'events',
        'statistics',
        'segments',
        'badges',
        'challenges',
        'challenge_progress',
        'reward_tracks',
        'wallets',
        'economy_transactions',
        'redemptions',
      ]),
    );
    const empty = parts
      .filter(({ name }) => {
        const value = (document as Record<string, unknown>)[name];
        return value === null || (Array.isArray(value) && value.length === 0);
      })
      .map(({ name }) => name);
    expect(empty).toEqual([]);
    for (const part of parts) expect(part.description.length).toBeGreaterThan(10);
    expect(document.profile).toMatchObject({ id: member.id, email: member.email, name: member.name });
    expect(document.payment_methods).toEqual([expect.objectContaining({ brand: 'VISA', last_four: '4242' })]);
    expect(Object.keys(document.payment_methods?.[0] ?? {}).sort()).toEqual([
      '_id',
      'brand',
      'created_at',
      'last_four',
    ]);
    expect(document.orders?.[0]).toMatchObject({
      lines: expect.any(Array),
      status_history: expect.any(Array),
    });
    const [audit] = await setup.t.ctx.database.query<{ summary: string; actor_id: string }>(
      `SELECT summary, actor_id FROM audit_log WHERE client_id = $1 AND entity_id = $2 AND action = 'customer.data_exported'`,
      [setup.admin.clientId, member.id],
    );
    expect(audit).toEqual({
      summary: `Exported the data of customer ${member.id}`,
      actor_id: setup.admin.userId,
    });
  });

  it('answers the document as the envelope’s content, unless asked for the file', async () => {
    const member = await memberWithEverything();
    const res = await exportOf(member.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = JSON.parse(res.body) as { success: boolean; message: string; content: TCustomerDataExport };
    expect(body).toMatchObject({ success: true, message: 'Customer data exported.' });
    expect(body.content.laurel_data_export.customer_id).toBe(member.id);
    expect(body.content.profile).toMatchObject({ id: member.id, email: member.email });
    expect(body.content.wallets?.length).toBeGreaterThan(0);
  });
});

describe('erasing a member', () => {
  it('removes every personal field from the whole database; balances are forfeited by ledger rows, so books and reports add up', async () => {
    const member = await memberWithEverything();
    const bystander = await memberWithEverything();
    // Another member's referral names this one by email.
    const referral = await postEvents(setup.t.app, setup.key, {
      events: [eventFor(bystander.id, { type: 'referral', data: { referred: member.email } })],
    });
    expect(referral.json().content[0].status, referral.body).toBe('accepted');
    await setup.t.ctx.engine.drain();
    const needles = [member.email, member.cell.slice(1), member.name, member.surname];
    expect((await findEverywhere(needles)).length).toBeGreaterThan(5);
    const before = await reportTotals();
    const wallets = ok(await setup.call('GET', `/api/economy/customers/${member.id}/wallets`)) as TWallet[];
    const held = wallets.filter((wallet) => wallet.balance > 0);
    expect(held.length).toBeGreaterThan(0);
    const liabilityBefore = await starsLiability();
    const forfeitFilter = 'transaction_type=Forfeited';
    const forfeitsBefore = await economyCards(setup.t.app, setup.admin, forfeitFilter);

    const erased = ok(await setup.call('POST', `/api/customers/${member.id}/erase`));
    expect(erased).toMatchObject({
      _id: member.id,
      name: PRIVACY_MESSAGES.erasedName,
      surname: PRIVACY_MESSAGES.erasedSurname,
      email: null,
      cell_number: null,
      birthday: null,
      external_id: null,
      status: 'ERASED',
    });

    expect(await findEverywhere(needles)).toEqual([]);
    // They can never redeem: each balance is forfeited by one ledger row, and the wallet still equals its ledger.
    expect(await walletsOffLedger()).toEqual([]);
    const after = ok(await setup.call('GET', `/api/economy/customers/${member.id}/wallets`)) as TWallet[];
    expect(after.map((wallet) => wallet.balance)).toEqual(wallets.map(() => 0));
    const ledger = ok(
      await setup.call('GET', `/api/economy/customers/${member.id}/transactions?page=1&size=50`),
    ) as TEconomyTransaction[];
    const forfeits = ledger.filter((row) => row.transaction_type === 'Forfeited');
    expect(
      forfeits.map((row) => [row.currency_id, row.value, row.wallet_balance_post_transaction, row.reason]),
    ).toEqual(
      held.map((wallet) => [wallet.currency._id, -wallet.balance, 0, PRIVACY_MESSAGES.forfeitReason]),
    );
    const forfeited = cents(held.reduce((sum, wallet) => sum + wallet.balance, 0));
    expect(await starsLiability()).toBe(cents(liabilityBefore - forfeited));
    // The reports still add up: every card as before but the liability, which drops by what was forfeited.
    const liability = 'Total Wallet Liability';
    const moved = (totals: Record<string, number>) => ({
      ...totals,
      count: (totals.count ?? 0) + held.length,
      [liability]: cents((totals[liability] ?? 0) - forfeited),
    });
    expect(await reportTotals()).toEqual({
      fromRows: moved(before.fromRows),
      fromTotals: moved(before.fromTotals),
    });
    // The report's type filter (and so its export) finds them as Forfeited.
    expect(await economyCards(setup.t.app, setup.admin, forfeitFilter)).toEqual(moved(forfeitsBefore));
    // The bystander keeps everything of theirs.
    expect(await findEverywhere([bystander.email])).not.toEqual([]);
    // Shown as "Erased customer" in the list.
    const list = ok(await setup.call('GET', `/api/v2/client/loyalty/users?search_string=erased`));
    expect(list.user_list.map((c: { _id: string }) => c._id)).toContain(member.id);

    const [audit] = await setup.t.ctx.database.query<{ summary: string; changes: unknown; actor_id: string }>(
      `SELECT summary, changes, actor_id FROM audit_log WHERE client_id = $1 AND entity_id = $2 AND action = 'customer.erased'`,
      [setup.admin.clientId, member.id],
    );
    expect(audit).toEqual({
      summary: `Erased the personal data of customer ${member.id}`,
      changes: null,
      actor_id: setup.admin.userId,
    });
  });

  it("another customer's records that share a first name and birthday with the member are left as they were", async () => {
    const member = await memberWithEverything();
    const namesake = ok(
      await asKey('POST', '/api/v1/customers', {
        email: uniqueEmail(),
        name: member.name,
        surname: capitalised(8),
        loyalty_number: `L${letters(8)}`,
      }),
      201,
    );
    ok(await asKey('PATCH', `/api/v1/customers/${namesake._id}`, { birthday: '1987-03-14' }));
    const auditOf = (id: string) =>
      setup.t.ctx.database.query<{ summary: string; changes: unknown }>(
        'SELECT summary, changes FROM audit_log WHERE client_id = $1 AND entity_id = $2 ORDER BY occurred_at, id',
        [setup.admin.clientId, id],
      );
    const before = await auditOf(namesake._id);
    expect(JSON.stringify(before)).toContain('1987-03-14');
    ok(await setup.call('POST', `/api/customers/${member.id}/erase`));
    expect(await auditOf(namesake._id)).toEqual(before);
    expect(ok(await asKey('GET', `/api/v1/customers/${namesake._id}`))).toMatchObject({
      name: member.name,
      birthday: '1987-03-14',
    });
  });

  it('an audit entry written before the member existed keeps its words, even when the member is named after them', async () => {
    const earlier = await setup.t.ctx.database.query<{ id: string; summary: string }>(
      'SELECT id, summary FROM audit_log WHERE client_id = $1 ORDER BY occurred_at, id LIMIT 1',
      [setup.admin.clientId],
    );
    const entry = earlier[0];
    if (!entry) throw new Error('the business has no audit entry');
    const [first, ...rest] = entry.summary.split(' ');
    const member = ok(
      await asKey('POST', '/api/v1/customers', {
        email: uniqueEmail(),
        name: first,
        surname: rest.join(' ') || 'x',
      }),
      201,
    );
    ok(await setup.call('POST', `/api/customers/${member._id}/erase`));
    const [after] = await setup.t.ctx.database.query<{ summary: string }>(
      'SELECT summary FROM audit_log WHERE id = $1',
      [entry.id],
    );
    expect(after?.summary).toBe(entry.summary);
  });

  it('an erased member is never revived: events are rejected, an enrolment with the old email is a new member', async () => {
    const member = await memberWithEverything();
    ok(await setup.call('POST', `/api/customers/${member.id}/erase`));
    for (const customer of [
      { email: member.email },
      { _id: member.id },
      { external_id: member.externalId },
    ]) {
      const res = await postEvents(setup.t.app, setup.key, eventFor('', { customer }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(EVENT_MESSAGES.customerNotFound);
    }
    expect(
      (await asKey('GET', `/api/v1/customers?email=${encodeURIComponent(member.email)}`)).statusCode,
    ).toBe(404);
    expect((await asKey('PATCH', `/api/v1/customers/${member.id}`, { name: 'Back' })).statusCode).toBe(409);
    expect((await setup.call('POST', `/api/customers/${member.id}/erase`)).statusCode).toBe(409);
    // Nothing new for them: no redemption, no subscription.
    const redemption = await asKey('POST', `/api/v1/players/${member.id}/redemptions`, {
      id: `r-${letters(6)}`,
      reward_id: rewardId,
    });
    expect(redemption.statusCode, redemption.body).toBe(409);
    const issued = await issue(setup.t.app, setup.admin, member.id, planId);
    expect(issued.statusCode, issued.body).toBe(409);
    expect(issued.json().message).toBe(PRIVACY_MESSAGES.alreadyErased);
    const again = ok(
      await asKey('POST', '/api/v1/customers', {
        email: member.email,
        name: member.name,
        surname: member.surname,
      }),
      201,
    );
    expect(again._id).not.toBe(member.id);
    const old = ok(await asKey('GET', `/api/v1/customers/${member.id}`));
    expect(old).toMatchObject({ status: 'ERASED', email: null, name: PRIVACY_MESSAGES.erasedName });
    // The player view says so too, with every balance forfeited.
    const player = ok(await asKey('GET', `/api/v1/players/${member.id}`));
    expect(player).toMatchObject({ customer_id: member.id, status: 'ERASED' });
    expect(player.wallets.every((wallet: { balance: number }) => wallet.balance === 0)).toBe(true);
  });

  it('DELETE /api/v1/customers/{id} with an API key erases the same way; a repeat is 409', async () => {
    const member = await memberWithEverything();
    const res = await asKey('DELETE', `/api/v1/customers/${member.id}`);
    expect(ok(res)).toMatchObject({ _id: member.id, status: 'ERASED', email: null });
    expect(await findEverywhere([member.email, member.cell.slice(1), member.name, member.surname])).toEqual(
      [],
    );
    expect(await walletsOffLedger()).toEqual([]);
    const repeat = await asKey('DELETE', `/api/v1/customers/${member.id}`);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(PRIVACY_MESSAGES.alreadyErased);
  });

  it('another business can neither export nor erase the member', async () => {
    const member = await memberWithEverything();
    const other = await createClientAndSignIn(setup.t.app, { plan: 'BUSINESS' });
    const otherKey = (await createApiKey(setup.t.app, other)).key;
    expect((await exportOf(member.id, other)).statusCode).toBe(404);
    const erase = await setup.t.app.inject({
      method: 'POST',
      url: `/api/customers/${member.id}/erase`,
      headers: bearer(other.clientToken),
    });
    expect(erase.statusCode).toBe(404);
    expect((await asKey('DELETE', `/api/v1/customers/${member.id}`, undefined, otherKey)).statusCode).toBe(
      404,
    );
    expect(ok(await asKey('GET', `/api/v1/customers/${member.id}`))).toMatchObject({ email: member.email });
  });
});

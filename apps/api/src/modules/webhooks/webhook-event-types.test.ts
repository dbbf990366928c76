import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type TWebhookEvent,
  type TWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  webhookDataSchema,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../../../packages/sdk/src/webhooks';
import { createChallenge, linkChallenge, objective } from '../../../test/challenge-helpers';
import {
  createCurrency,
  createEarnConfig,
  orderEvent,
  segmentId,
  spend,
} from '../../../test/economy-helpers';
import {
  createBadge,
  createSegment,
  createStatistic,
  eventAt,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import { addCustomer, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import { type ReceivedWebhook, type Receiver, startReceiver } from '../../../test/webhook-receiver';
import { enqueueExpiryNotices } from '../../engine/webhooks/points-expiring';
import { DEFAULT_RETRY_SCHEDULE } from './retry-schedule';

/*
 * Issue 26, DESIGN §10: every webhook event type, produced by its real effect (the console and integrator APIs, the
 * engine), delivered to a local receiver and checked as a receiver would: the signature with a plain HMAC and with
 * the SDK's verifyWebhook, the headers, and the body's type, client, customer and key data.
 */

/** Short, so the retry test below waits seconds, not minutes: a failed try is retried after ~1 s, then ~2 s. */
const RETRY_SCHEDULE = '1,2';
/** How the API writes a time. */
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let t: TestApp;
let admin: SignedIn;
let key: string;
let call: Awaited<ReturnType<typeof createClientApp>>['call'];
let receiver: Receiver;
/** Takes only badge.granted and segment.left, on a receiver of its own. */
let partialReceiver: Receiver;
let secret: string;
let partialSecret: string;

const addEndpoint = async (url: string, eventTypes: readonly string[]) => {
  const res = await call('POST', '/api/integrations/webhooks', {
    url,
    event_types: eventTypes,
    active: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { _id: string; secret: string };
};

beforeAll(async () => {
  ({ t, admin, key, call } = await createClientApp('BUSINESS', {
    env: { WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE },
  }));
  receiver = await startReceiver();
  partialReceiver = await startReceiver();
  secret = (await addEndpoint(receiver.url, WEBHOOK_EVENT_TYPES)).secret;
  partialSecret = (await addEndpoint(partialReceiver.url, ['badge.granted', 'segment.left'])).secret;
});
afterAll(async () => {
  await receiver?.close();
  await partialReceiver?.close();
  await t?.close();
});

/** Checks Laurel-Signature as the integrator guide shows, with node:crypto alone. */
const plainHmacHolds = (signingSecret: string, header: string, rawBody: string) => {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const expected = Buffer.from(
    createHmac('sha256', signingSecret)
      .update(`${parts.get('t')}.${rawBody}`)
      .digest('hex'),
  );
  const given = Buffer.from(parts.get('v1') ?? '');
  return (
    given.length === expected.length &&
    timingSafeEqual(given, expected) &&
    Math.abs(Date.now() / 1000 - timestamp) <= 300
  );
};

/** A delivery checked as a receiver must: both ways of verifying the signature, the headers, the envelope. */
const verified = async (hook: ReceivedWebhook, signingSecret = secret) => {
  const header = String(hook.headers['laurel-signature']);
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(plainHmacHolds(signingSecret, header, hook.rawBody)).toBe(true);
  expect(plainHmacHolds(`${signingSecret}x`, header, hook.rawBody)).toBe(false);
  const event = await verifyWebhook(signingSecret, hook.headers, hook.rawBody);
  expect(event).toEqual(hook.body);
  await expect(verifyWebhook(signingSecret, hook.headers, `${hook.rawBody} `)).rejects.toThrow(
    'The signature does not match the body',
  );
  expect(hook.headers['content-type']).toMatch(/^application\/json/);
  expect(hook.headers['laurel-webhook-id']).toBe(event.id);
  expect(hook.headers['laurel-event-type']).toBe(event.type);
  expect(event).toMatchObject({ client_id: admin.clientId });
  expect(event.created_at).toMatch(ISO_TIME);
  // The data is what the contract says of its type (the SDK's types and the OpenAPI document), field for field:
  // parsing keeps only the fields it names, so a field it does not name would show as a difference.
  const schema = webhookDataSchema(event.type);
  expect(schema, event.type).toBeDefined();
  expect(schema?.parse(event.data)).toEqual(event.data);
  return event;
};

type Data = Record<string, unknown>;

/**
 * Sends what is due; the webhooks of `type` for `customer` (and `where` their data) that the all-types receiver
 * got, each verified.
 */
const deliveredOf = async <K extends TWebhookEventType>(
  type: K,
  customer: string,
  where: (data: Data) => boolean = () => true,
) => {
  await t.ctx.webhooks.drain();
  const hooks = receiver
    .ofType(type)
    .filter((hook) => hook.body.data.customer_id === customer && where(hook.body.data));
  // The SDK's type narrows by `type`: what a receiver's switch gets.
  const events: Extract<TWebhookEvent, { type: K }>[] = [];
  for (const hook of hooks) events.push((await verified(hook)) as Extract<TWebhookEvent, { type: K }>);
  return events;
};

/** The one webhook of `type` for `customer` (and `where`). */
const theOne = async <K extends TWebhookEventType>(
  type: K,
  customer: string,
  where?: (data: Data) => boolean,
) => {
  const events = await deliveredOf(type, customer, where);
  expect(events, `${type} for ${customer}`).toHaveLength(1);
  return events[0] as NonNullable<(typeof events)[number]>;
};

const seen = new Set<string>();
const note = (...events: { type: string }[]) => {
  for (const event of events) seen.add(event.type);
};

const credit = (customer: string, currency: string, amount: number) =>
  call('POST', `/api/economy/customers/${customer}/adjustments`, {
    currency,
    direction: 'credit',
    amount,
    reason: 'Welcome gift',
  });

const asKey = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { 'x-api-key': key }, payload });

describe('every webhook event type, from its effect', () => {
  it('customer.created and customer.updated: an enrolment and an edit through the integrator API', async () => {
    const externalId = `crm-${randomBytes(4).toString('hex')}`;
    const enrolled = await asKey('POST', '/api/v1/customers', {
      external_id: externalId,
      email: `${externalId}@example.com`,
      name: 'Ayanda',
      surname: 'Nkosi',
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    const customer = enrolled.json().content._id as string;
    const created = await theOne('customer.created', customer);
    expect(created.data).toEqual({
      customer_id: customer,
      customer: expect.objectContaining({
        _id: customer,
        external_id: externalId,
        email: `${externalId}@example.com`,
        name: 'Ayanda',
        surname: 'Nkosi',
      }),
    });

    const edited = await asKey('PATCH', `/api/v1/customers/${customer}`, { surname: 'Dlamini' });
    expect(edited.statusCode, edited.body).toBe(200);
    // The same change again changes nothing, so it tells nothing.
    const again = await asKey('PATCH', `/api/v1/customers/${customer}`, { surname: 'Dlamini' });
    expect(again.statusCode, again.body).toBe(200);
    const updated = await theOne('customer.updated', customer);
    expect(updated.data).toMatchObject({
      customer_id: customer,
      customer: { _id: customer, external_id: externalId, surname: 'Dlamini' },
      changed: ['surname'],
    });
    // The console's enrolment is heard too.
    const fromConsole = await addCustomer(t.app, admin);
    expect((await theOne('customer.created', fromConsole)).data.customer).toMatchObject({ _id: fromConsole });
    note(created, updated);
  });

  it('a loyalty number makes a member ACTIVE, and their webhook says so as the API does', async () => {
    const externalId = `crm-${randomBytes(4).toString('hex')}`;
    const enrolled = await asKey('POST', '/api/v1/customers', {
      external_id: externalId,
      name: 'Lindiwe',
      surname: 'Zulu',
      loyalty_number: `LN-${externalId}`,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect(enrolled.json().content.status).toBe('ACTIVE');
    const customer = enrolled.json().content._id as string;
    expect((await theOne('customer.created', customer)).data.customer).toMatchObject({ status: 'ACTIVE' });

    const later = await asKey('POST', '/api/v1/customers', {
      external_id: `${externalId}-2`,
      name: 'Sizwe',
      surname: 'Zulu',
    });
    const second = later.json().content._id as string;
    expect((await theOne('customer.created', second)).data.customer).toMatchObject({
      status: 'AWAITING-SIGNUP',
    });
    const signedUp = await asKey('PATCH', `/api/v1/customers/${second}`, {
      loyalty_number: `LN-${externalId}-2`,
    });
    expect(signedUp.json().content.status).toBe('ACTIVE');
    expect((await theOne('customer.updated', second)).data).toMatchObject({
      customer: { status: 'ACTIVE' },
      changed: ['loyalty_number', 'status'],
    });
  });

  it('customer.updated also tells of a suspension, an activation and an erasure, which leaves nothing personal', async () => {
    const externalId = `crm-${randomBytes(4).toString('hex')}`;
    const enrolled = await asKey('POST', '/api/v1/customers', {
      external_id: externalId,
      email: `${externalId}@example.com`,
      name: 'Thandi',
      surname: 'Mokoena',
      marketing_consent: true,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    // The consent reads back under the name it was written with.
    expect(enrolled.json().content).toMatchObject({ marketing_consent: true, get_communication: true });
    const customer = enrolled.json().content._id as string;
    const statusOf = (status: string) => (data: Data) =>
      (data.customer as { status: string }).status === status;

    for (const [path, status] of [
      ['/api/v2/suspend/user', 'SUSPENDED'],
      ['/api/v2/unsuspend/user', 'ACTIVE'],
    ] as const) {
      const res = await call('PUT', path, { _id: customer });
      expect(res.statusCode, res.body).toBe(200);
      const told = await theOne('customer.updated', customer, statusOf(status));
      expect(told.data).toMatchObject({
        customer: { _id: customer, external_id: externalId },
        changed: ['status'],
      });
    }

    const erased = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/customers/${customer}`,
      headers: { 'x-api-key': key },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const told = await theOne('customer.updated', customer, statusOf('ERASED'));
    expect(told.data).toEqual({
      customer_id: customer,
      customer: {
        _id: customer,
        external_id: null,
        email: null,
        cell_number: null,
        name: 'Erased',
        surname: 'customer',
        birthday: null,
        status: 'ERASED',
        member_branch_id: null,
        marketing_consent: false,
      },
      changed: ['status', 'name', 'surname', 'email', 'external_id', 'marketing_consent'],
    });
    const body = JSON.stringify(told);
    for (const personal of [externalId, 'Thandi', 'Mokoena']) expect(body).not.toContain(personal);
    note(told);
  });

  it('wallet.credited and wallet.debited: an order earns through an earn config, a spend through the API', async () => {
    const currency = await createCurrency(t.app, admin, { name: 'Beans' });
    await createEarnConfig(t.app, admin, {
      type: 'Currency',
      earn_target: currency._id,
      trigger_value: 10,
      earn_amount: 1,
      segment_id: await segmentId(t.app, admin),
    });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [orderEvent(customer, `o-${randomBytes(4).toString('hex')}`, [[125, 2]])]);
    const credited = await theOne('wallet.credited', customer);
    expect(credited.data).toMatchObject({
      customer_id: customer,
      currency_id: currency._id,
      amount: 25,
      balance_after: 25,
      transaction_type: expect.any(String),
      transaction_id: expect.any(String),
      order_ref: expect.any(String),
    });

    const res = await spend(t.app, key, customer, { id: 'hook-spend', currency: currency._id, amount: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const debited = await theOne('wallet.debited', customer);
    expect(debited.data).toMatchObject({
      customer_id: customer,
      currency_id: currency._id,
      amount: 10,
      balance_after: 15,
      transaction_type: 'Spending',
      reason: 'Coffee',
    });
    note(credited, debited);
  });

  it('segment.entered, badge.granted (the segment’s action) and segment.left, as a statistic moves', async () => {
    await createStatistic(t.app, admin, 'mood', 'Last');
    const badge = await createBadge(t.app, admin, { name: 'Good mood', category: 'Achievement', level: 2 });
    const segment = await createSegment(t.app, admin, {
      name: `Cheerful ${randomBytes(2).toString('hex')}`,
      filters: [rule('mood', 'GreaterThanOrEqual', 5)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
    });
    await t.ctx.engine.drain();
    const customer = await addCustomer(t.app, admin);
    const up = eventAt(customer, 2, { type: 'statistic.update', data: { name: 'mood', value: 7 } });
    await sendAndProcess(t, key, [up]);

    // Every new member also enters the system segment AllPlayers: this segment's webhook is the one to check.
    const ofSegment = (data: Data) => (data.segment as { _id: string })._id === segment._id;
    const entered = await theOne('segment.entered', customer, ofSegment);
    expect(entered.data).toEqual({
      customer_id: customer,
      segment: { _id: segment._id, name: segment.name },
      event_id: up.id,
    });
    const granted = await theOne('badge.granted', customer);
    expect(granted.data).toMatchObject({
      customer_id: customer,
      badge: { _id: badge._id, name: 'Good mood', category: 'Achievement', level: 2 },
      quantity: 1,
      source: 'segment',
      source_id: segment._id,
      event_id: up.id,
    });

    const down = eventAt(customer, 1, { type: 'statistic.update', data: { name: 'mood', value: 1 } });
    await sendAndProcess(t, key, [down]);
    const left = await theOne('segment.left', customer, ofSegment);
    expect(left.data).toEqual({
      customer_id: customer,
      segment: { _id: segment._id, name: segment.name },
      event_id: down.id,
    });
    note(entered, granted, left);
  });

  it('challenge.completed, and XP moving level.changed, tier.changed and reward_track.milestone_reached', async () => {
    const milestones = (names: string[], sources: number[]) =>
      names.map((name, index) => ({
        name,
        colour: '#d2a023',
        source_value: sources[index],
        target_value: index + 1,
        image_url: `https://cdn.example.com/milestones/${index + 1}.png`,
      }));
    const saveTrack = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/api/reward-tracks', {
        start_date: '2026-01-01',
        end_date: '2030-12-31',
        reset_points_annually: false,
        persist_tier_levels_annually: false,
        milestone_count: 3,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content as { _id: string; name: string };
    };
    const levels = await saveTrack({
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      milestones: milestones(['Level 1', 'Level 2', 'Level 3'], [100, 200, 300]),
    });
    const tiers = await saveTrack({
      name: 'Tiers',
      reward_track_type: 'TIER_PROGRESSION',
      milestones: milestones(['Bronze', 'Silver', 'Gold'], [1, 2, 3]),
    });
    // 1 XP per R10 spent, pro rata: an order of R2,505.50 brings 250.55 XP, level 2 and the Silver tier.
    await createEarnConfig(t.app, admin, {
      type: 'Statistic',
      trigger_value: 10,
      earn_amount: 1,
      segment_id: await segmentId(t.app, admin),
    });
    const challenge = await createChallenge(t.app, admin, {
      title: 'First order',
      objectives: [objective({ event_type: 'orderVolume', trigger: { trigger_quantity: 1 } })],
    });
    await linkChallenge(t.app, admin, challenge._id);
    const customer = await addCustomer(t.app, admin);
    const order = orderEvent(customer, `o-${randomBytes(4).toString('hex')}`, [[2505.5, 1]]);
    await sendAndProcess(t, key, [order]);

    const completed = await theOne('challenge.completed', customer);
    expect(completed.data).toMatchObject({
      customer_id: customer,
      challenge: { _id: challenge._id, title: 'First order' },
      event_id: order.id,
    });
    expect(completed.data.completed_at).toMatch(ISO_TIME);

    const level = await theOne('level.changed', customer);
    expect(level.data).toEqual({
      customer_id: customer,
      reward_track: { _id: levels._id, name: 'Levels' },
      from: { value: 0, name: null },
      to: { value: 2, name: 'Level 2' },
    });
    const tier = await theOne('tier.changed', customer);
    expect(tier.data).toEqual({
      customer_id: customer,
      reward_track: { _id: tiers._id, name: 'Tiers' },
      from: { value: 0, name: null },
      to: { value: 2, name: 'Silver' },
    });

    const reached = await deliveredOf('reward_track.milestone_reached', customer);
    const byTrack = (trackId: string) =>
      reached
        .filter((event) => (event.data.reward_track as { _id: string })._id === trackId)
        .map((event) => (event.data.milestone as { name: string }).name);
    expect(byTrack(levels._id).sort()).toEqual(['Level 1', 'Level 2']);
    expect(byTrack(tiers._id).sort()).toEqual(['Bronze', 'Silver']);
    expect(
      reached.find((event) => (event.data.milestone as { name: string }).name === 'Level 2')?.data,
    ).toMatchObject({
      customer_id: customer,
      reward_track: { _id: levels._id, name: 'Levels', type: 'LEVEL_PROGRESSION' },
      milestone: { index: expect.any(Number), name: 'Level 2', target_value: 2 },
      // The player's XP as the ledger has it, decimals and all.
      xp_points_earned: 250.55,
      status: expect.any(String),
    });
    note(completed, level, tier, ...reached);
  });

  it('event.parked: an event naming a statistic that does not exist is set aside', async () => {
    const customer = await addCustomer(t.app, admin);
    const orphan = eventAt(customer, 1, { type: 'statistic.update', data: { name: 'noSuchStat', value: 3 } });
    await sendAndProcess(t, key, [orphan]);
    const parked = await theOne('event.parked', customer);
    expect(parked.data).toMatchObject({
      customer_id: customer,
      event_id: orphan.id,
      event_type: 'statistic.update',
      reason: "No statistic named 'noSuchStat' exists. Create it under Statistics, then retry this event.",
      occurred_at: orphan.occurred_at,
    });
    note(parked);
  });

  it('reward.redeemed and coupon.used: a redemption and its coupon used at the till, through the API', async () => {
    const currency = await createCurrency(t.app, admin, { name: 'Stars' });
    const reward = await call('POST', '/api/rewards', {
      name: `Free coffee ${randomBytes(2).toString('hex')}`,
      description: 'Any size, any branch',
      type: 'coupon',
      cost: { currency: currency._id, amount: 50 },
      coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    const rewardId = reward.json().content._id as string;
    const customer = await addCustomer(t.app, admin);
    expect((await credit(customer, currency._id, 120)).statusCode).toBe(200);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/players/${customer}/redemptions`,
      headers: { 'x-api-key': key },
      payload: { id: 'hook-redeem', reward_id: rewardId },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const redemption = redeemed.json().content as { _id: string; coupon_code: string; expires_at: string };
    const hook = await theOne('reward.redeemed', customer);
    expect(hook.data).toMatchObject({
      customer_id: customer,
      redemption: {
        _id: redemption._id,
        reward_id: rewardId,
        reward_type: 'coupon',
        status: 'issued',
        coupon_code: redemption.coupon_code,
        // Times as the API writes them (ISO 8601, UTC), not PostgreSQL's text form.
        expires_at: redemption.expires_at,
        cost: { currency: currency._id, amount: 50 },
        balance_after: 70,
      },
    });
    // The redemption's spend is a wallet debit like any other.
    expect((await theOne('wallet.debited', customer)).data).toMatchObject({ amount: 50, balance_after: 70 });

    const used = await t.app.inject({
      method: 'POST',
      url: `/api/v1/coupons/${redemption.coupon_code}/use`,
      headers: { 'x-api-key': key },
      payload: { order_id: 'till-9' },
    });
    expect(used.statusCode, used.body).toBe(200);
    const coupon = await theOne('coupon.used', customer);
    expect(coupon.data).toMatchObject({
      customer_id: customer,
      redemption_id: redemption._id,
      reward_id: rewardId,
      coupon_code: redemption.coupon_code,
      order_id: 'till-9',
    });
    expect(coupon.data.used_at).toMatch(ISO_TIME);
    note(hook, coupon);
  });

  it('points.expiring: once per credit that expires within 7 days, however often the notices run', async () => {
    const currency = await createCurrency(t.app, admin, {
      name: 'Fleeting',
      expiry_policy: 'after_days',
      expiry_days: 3,
    });
    const lasting = await createCurrency(t.app, admin, {
      name: 'Lasting',
      expiry_policy: 'after_days',
      expiry_days: 30,
    });
    const customer = await addCustomer(t.app, admin);
    expect((await credit(customer, currency._id, 40)).statusCode).toBe(200);
    expect((await credit(customer, lasting._id, 40)).statusCode).toBe(200);
    await enqueueExpiryNotices(t.ctx.database, new Date());
    await enqueueExpiryNotices(t.ctx.database, new Date());
    const notice = await theOne('points.expiring', customer);
    expect(notice.data).toMatchObject({
      customer_id: customer,
      currency_id: currency._id,
      amount: 40,
      lot_id: expect.any(String),
      transaction_id: expect.any(String),
    });
    expect(notice.data.expires_at).toMatch(ISO_TIME);
    const expiresIn = Date.parse(String(notice.data.expires_at)) - Date.now();
    expect(expiresIn).toBeGreaterThan(2 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(3 * 86_400_000);
    note(notice);
  });

  it('covered every type there is', () => {
    expect(WEBHOOK_EVENT_TYPES.filter((type) => !seen.has(type))).toEqual([]);
  });
});

describe('subscriptions and retries', () => {
  it('an endpoint subscribed to some types gets those and no other', async () => {
    await t.ctx.webhooks.drain();
    const types = new Set(partialReceiver.received.map((hook) => hook.body.type));
    expect([...types].sort()).toEqual(['badge.granted', 'segment.left']);
    for (const hook of partialReceiver.received) {
      await verified(hook, partialSecret);
      // The same body (same id) the all-types endpoint got, signed with this endpoint's secret.
      expect(receiver.received.some((other) => other.rawBody === hook.rawBody)).toBe(true);
    }
  });

  it('the default schedule is 30 s, ×4 up to 12 h, for 3 days', () => {
    expect(DEFAULT_RETRY_SCHEDULE).toEqual([30, 120, 480, 1920, 7680, 30720, ...Array(6).fill(43200)]);
  });

  it('WEBHOOK_RETRY_SCHEDULE sets the waits between tries and when they stop', async () => {
    const failing = await startReceiver([500, 503, 500]);
    try {
      const endpoint = await addEndpoint(failing.url, ['wallet.credited']);
      const currency = await createCurrency(t.app, admin);
      const customer = await addCustomer(t.app, admin);
      expect((await credit(customer, currency._id, 5)).statusCode).toBe(200);
      const delivery = async () =>
        (await call('GET', `/api/integrations/webhooks/${endpoint._id}/deliveries`)).json().content[0] as {
          status: string;
          attempts: number;
          next_attempt_at: string | null;
          attempt_log: { attempted_at: string; status_code: number }[];
        };
      /** The wait before the next try, in seconds, as the delivery records it. */
      const wait = async () => {
        const current = await delivery();
        const last = current.attempt_log[0]?.attempted_at ?? '';
        return (Date.parse(current.next_attempt_at ?? '') - Date.parse(last)) / 1000;
      };
      const untilDue = async () => {
        const next = Date.parse((await delivery()).next_attempt_at ?? '');
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now()) + 50));
      };

      await t.ctx.webhooks.drain();
      expect(failing.received).toHaveLength(1);
      expect(await delivery()).toMatchObject({ status: 'retrying', attempts: 1 });
      // "1,2": ~1 s (±20% jitter) after the first failure (the wait counts from the try's start, so the send's own
      // time is in it too); a drain before then sends nothing.
      const first = await wait();
      expect(first).toBeGreaterThanOrEqual(0.75);
      expect(first).toBeLessThanOrEqual(1.7);
      const due = Date.parse((await delivery()).next_attempt_at ?? '');
      await t.ctx.webhooks.drain();
      if (Date.now() < due) expect(failing.received).toHaveLength(1);

      // (On a slow machine that drain may have come after the due time and sent the second try itself.)
      if (failing.received.length < 2) {
        await untilDue();
        await t.ctx.webhooks.drain();
      }
      expect(failing.received).toHaveLength(2);
      const second = await wait();
      expect(second).toBeGreaterThanOrEqual(1.55);
      expect(second).toBeLessThanOrEqual(2.9);

      // The third failure spends the schedule: the delivery fails, the endpoint is switched off.
      await untilDue();
      await t.ctx.webhooks.drain();
      expect(failing.received).toHaveLength(3);
      expect(await delivery()).toMatchObject({ status: 'failed', attempts: 3, next_attempt_at: null });
      expect(new Set(failing.received.map((hook) => hook.body.id)).size).toBe(1);
      const after = (await call('GET', '/api/integrations/webhooks'))
        .json()
        .content.find((e: { _id: string }) => e._id === endpoint._id);
      expect(after).toMatchObject({ active: false, failed: 1 });
    } finally {
      await failing.close();
    }
  });
});

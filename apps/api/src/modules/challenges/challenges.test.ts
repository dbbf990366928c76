import {
  CHALLENGE_MESSAGES,
  DATE_MESSAGES,
  SEGMENT_MESSAGES,
  triggerQuantityRangeMessage,
} from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  challengeBody,
  createChallenge,
  day,
  linkChallenge,
  objective,
} from '../../../test/challenge-helpers';
import { createBadge, createSegment } from '../../../test/engine-helpers';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
  other = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  session: SignedIn = admin,
) => t.app.inject({ method, url, headers: bearer(session.clientToken), ...(payload ? { payload } : {}) });

describe('saving a challenge', () => {
  it('creates, reads, lists, updates and deletes a challenge with its objectives and flow graph', async () => {
    const badge = await createBadge(t.app, admin, { name: 'Big Spender' });
    const flow = {
      nodes: [
        {
          id: 'objectiveAb12Cd34',
          type: 'objective',
          position: { x: 0, y: 0 },
          data: {
            node_type: 'orderValue',
            name: 'Order Value',
            config: { trigger: { trigger_quantity: 200 } },
          },
        },
        {
          id: 'rewardEf56Gh78',
          type: 'reward',
          position: { x: 0, y: 120 },
          data: { node_type: 'badges', name: 'Badges', config: { value: badge._id } },
        },
      ],
      edges: [
        { id: 'objectiveAb12Cd34-rewardEf56Gh78', source: 'objectiveAb12Cd34', target: 'rewardEf56Gh78' },
      ],
    };
    const res = await call(
      'POST',
      '/api/challenges',
      challengeBody({
        title: 'Spend R200',
        status: 'draft',
        objectives: [
          objective({
            _id: 'objectiveAb12Cd34',
            conditions: [{ type: 'payment_method', values: ['CARD'] }],
            rewards: [
              { type: 'badges', value: badge._id },
              { type: 'xp', value: 50 },
            ],
          }),
        ],
        flow,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(CHALLENGE_MESSAGES.created);
    const created = res.json().content;
    expect(created).toMatchObject({
      title: 'Spend R200',
      status: 'draft',
      visible: true,
      granted_quantity: 0,
      completed_quantity: 0,
      segments: [],
      objectives: [
        {
          _id: 'objectiveAb12Cd34',
          event_type: 'orderValue',
          trigger: { trigger_quantity: 200 },
          conditions: [{ type: 'payment_method', values: ['CARD'] }],
          rewards: [
            { type: 'badges', value: badge._id },
            { type: 'xp', value: 50 },
          ],
        },
      ],
      flow: {
        nodes: [{ id: 'objectiveAb12Cd34' }, { id: 'rewardEf56Gh78' }],
        edges: [{ source: 'objectiveAb12Cd34' }],
      },
    });
    // A plain day is stored as the client's local day (UTC by default): the start of the first, the end of the last.
    expect(created.schedule.start_date).toBe(`${day(-1)}T00:00:00.000Z`);
    expect(created.schedule.end_date).toBe(`${day(30)}T23:59:59.999Z`);

    const read = await call('GET', `/api/challenges/${created._id}`);
    expect(read.json().content.flow.nodes).toHaveLength(2);

    const updated = await call(
      'PUT',
      `/api/challenges/${created._id}`,
      challengeBody({
        title: 'Spend R300',
        status: 'staging',
        objectives: [objective({ _id: 'objectiveAb12Cd34' })],
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: CHALLENGE_MESSAGES.saved,
      content: { title: 'Spend R300', status: 'staging', objectives: [{ _id: 'objectiveAb12Cd34' }] },
    });
    // The spec's save may also be a POST naming the challenge.
    const viaPost = await call(
      'POST',
      '/api/challenges',
      challengeBody({ _id: created._id, title: 'Spend R400' }),
    );
    expect(viaPost.json().content).toMatchObject({ _id: created._id, title: 'Spend R400' });

    const removed = await call('DELETE', `/api/challenges/${created._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(CHALLENGE_MESSAGES.deleted);
    expect((await call('GET', `/api/challenges/${created._id}`)).statusCode).toBe(404);
  });

  it('collects the objectives from the flow graph when the body has none', async () => {
    const res = await call(
      'POST',
      '/api/challenges',
      challengeBody({
        objectives: undefined,
        flow: {
          nodes: [
            {
              id: 'objectiveQq11Ww22',
              type: 'objective',
              data: { node_type: 'orderVolume', name: 'Orders', config: {} },
            },
            {
              id: 'conditionTt33Yy44',
              type: 'condition',
              data: {
                node_type: 'trigger_quantity',
                name: 'Trigger',
                config: { trigger: { trigger_quantity: '3' } },
              },
            },
            {
              id: 'conditionUu55Ii66',
              type: 'condition',
              data: { node_type: 'time', name: 'Time', config: { range_type: 'Before', time: '10:00' } },
            },
            {
              id: 'rewardOo77Pp88',
              type: 'reward',
              data: { node_type: 'xp', name: 'XP', config: { value: 25 } },
            },
          ],
          edges: [
            { id: 'e1', source: 'objectiveQq11Ww22', target: 'conditionTt33Yy44' },
            { id: 'e2', source: 'conditionTt33Yy44', target: 'conditionUu55Ii66' },
            { id: 'e3', source: 'conditionUu55Ii66', target: 'rewardOo77Pp88' },
          ],
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.objectives).toMatchObject([
      {
        _id: 'objectiveQq11Ww22',
        event_type: 'orderVolume',
        trigger: { trigger_quantity: 3 },
        conditions: [{ type: 'time', range_type: 'Before', time: '10:00' }],
        rewards: [{ type: 'xp', value: 25 }],
      },
    ]);
  });

  it("a console save (details and its flow alone) keeps what it cannot show: an API challenge's objectives and the challenge's rewards", async () => {
    const made = await createChallenge(t.app, admin, {
      objectives: [objective({ event_type: 'numberOfLogins', trigger: { trigger_quantity: 3 } })],
      rewards: [{ type: 'xp', value: 50 }],
    });
    const loaded = (await call('GET', `/api/challenges/${made._id}`)).json().content;
    const consoleBody = (flow: unknown) => ({
      title: 'Renamed in the console',
      description: loaded.description,
      image: loaded.image,
      schedule: loaded.schedule,
      status: loaded.status,
      visible: loaded.visible,
      flow,
    });
    const saved = await call('PUT', `/api/challenges/${made._id}`, consoleBody(loaded.flow));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().content).toMatchObject({
      title: 'Renamed in the console',
      objectives: [{ _id: made.objectives[0]?._id, event_type: 'numberOfLogins' }],
      rewards: [{ type: 'xp', value: 50 }],
    });

    // A flow drawn in the console and then cleared there clears the objectives it made.
    const drawn = {
      nodes: [
        {
          id: 'objectiveDr11Aw22',
          type: 'objective',
          data: { node_type: 'orderVolume', name: 'Orders', config: {} },
        },
      ],
      edges: [],
    };
    const withFlow = await call('PUT', `/api/challenges/${made._id}`, consoleBody(drawn));
    expect(withFlow.json().content.objectives).toMatchObject([{ _id: 'objectiveDr11Aw22' }]);
    const cleared = await call('PUT', `/api/challenges/${made._id}`, consoleBody({ nodes: [], edges: [] }));
    expect(cleared.json().content).toMatchObject({ objectives: [], rewards: [{ type: 'xp', value: 50 }] });
  });

  it('refuses a flow graph whose nodes break the allow and disallow rules, on create and on update', async () => {
    const flowNode = (id: string, type: string, kind: string, config: Record<string, unknown> = {}) => ({
      id,
      type,
      data: { node_type: kind, name: kind, config },
    });
    // A time condition straight after an objective, and a reward followed by a condition.
    const flow = {
      nodes: [
        flowNode('objectiveAa11Bb22', 'objective', 'numberOfLogins'),
        flowNode('conditionCc33Dd44', 'condition', 'time', { range_type: 'After', time: '12:00' }),
        flowNode('objectiveEe55Ff66', 'objective', 'orderVolume'),
        flowNode('rewardGg77Hh88', 'reward', 'xp', { value: 5 }),
        flowNode('conditionIi99Jj00', 'condition', 'value', { value: 10 }),
      ],
      edges: [
        { id: 'e1', source: 'objectiveAa11Bb22', target: 'conditionCc33Dd44' },
        { id: 'e2', source: 'objectiveEe55Ff66', target: 'rewardGg77Hh88' },
        { id: 'e3', source: 'rewardGg77Hh88', target: 'conditionIi99Jj00' },
      ],
    };
    const refused = await call('POST', '/api/challenges', challengeBody({ objectives: undefined, flow }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe(CHALLENGE_MESSAGES.flowInvalid);
    expect(refused.json().content.errors).toEqual([
      { field: 'flow.nodes.1', message: CHALLENGE_MESSAGES.flowInvalid },
      { field: 'flow.nodes.4', message: CHALLENGE_MESSAGES.flowInvalid },
    ]);
    const saved = await createChallenge(t.app, admin);
    const update = await call(
      'PUT',
      `/api/challenges/${saved._id}`,
      challengeBody({ objectives: undefined, flow }),
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().content.errors.map((e: { field: string }) => e.field)).toEqual([
      'flow.nodes.1',
      'flow.nodes.4',
    ]);
  });

  it.each([
    ['title', { title: '' }, CHALLENGE_MESSAGES.titleRequired],
    ['title', { title: 'x'.repeat(121) }, CHALLENGE_MESSAGES.titleTooLong],
    [
      'schedule.start_date',
      { schedule: { start_date: '', end_date: day(1) } },
      CHALLENGE_MESSAGES.startDateRequired,
    ],
    [
      'schedule.end_date',
      { schedule: { start_date: day(1), end_date: null } },
      CHALLENGE_MESSAGES.endDateRequired,
    ],
    [
      'schedule.end_date',
      { schedule: { start_date: day(2), end_date: day(1) } },
      CHALLENGE_MESSAGES.endDateBeforeStart,
    ],
    ['status', { status: 'archived' }, CHALLENGE_MESSAGES.statusRequired],
    ['image', { image: { file_name: 'a.gif' } }, CHALLENGE_MESSAGES.imageType],
    [
      'objectives.0.event_type',
      { objectives: [objective({ event_type: 'sleep' })] },
      CHALLENGE_MESSAGES.eventTypeRequired,
    ],
    [
      'objectives.0.title',
      { objectives: [objective({ title: 'y'.repeat(121) })] },
      CHALLENGE_MESSAGES.objectiveTitleTooLong,
    ],
    [
      'objectives.0.scope',
      {
        objectives: [
          objective({
            event_type: 'productPurchased',
            trigger: { trigger_quantity: 1 },
            scope: { type: 'products', value: [] },
          }),
        ],
      },
      CHALLENGE_MESSAGES.scopeRequired,
    ],
    [
      'objectives.0.scopes.0',
      { objectives: [objective({ scopes: [{ type: 'payment_method', value: 'CHEQUE' }] })] },
      CHALLENGE_MESSAGES.scopesInvalid,
    ],
    [
      'objectives.0.trigger',
      { objectives: [objective({ trigger: undefined })] },
      CHALLENGE_MESSAGES.triggerRequired,
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'numberOfLogins', trigger: { trigger_quantity: 366 } })] },
      triggerQuantityRangeMessage(0, 365),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'leaderboard', trigger: { trigger_quantity: 101 } })] },
      triggerQuantityRangeMessage(1, 100),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'appPayment', trigger: { trigger_quantity: 1.5 } })] },
      triggerQuantityRangeMessage(1, 999_999),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'orderValue', trigger: { trigger_quantity: 1_000_000_000 } })] },
      triggerQuantityRangeMessage(0, 999_999_999),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'qrCode', trigger: { trigger_quantity: 0 } })] },
      triggerQuantityRangeMessage(1, 999_999),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'earn', trigger: { trigger_quantity: 1000 } })] },
      triggerQuantityRangeMessage(0, 999),
    ],
    [
      'objectives.0.trigger.trigger_quantity',
      { objectives: [objective({ event_type: 'orderVolume', trigger: { trigger_quantity: 1000 } })] },
      triggerQuantityRangeMessage(0, 999),
    ],
    [
      'objectives.0.trigger.trigger_target',
      {
        objectives: [
          objective({ event_type: 'leaderboard', trigger: { trigger_quantity: 3, trigger_target: 'xp' } }),
        ],
      },
      CHALLENGE_MESSAGES.leaderboardTarget,
    ],
    [
      'objectives.0.conditions.0.time',
      { objectives: [objective({ conditions: [{ type: 'time', range_type: 'After', time: '24:30' }] })] },
      CHALLENGE_MESSAGES.timeInvalid,
    ],
    [
      'objectives.0.conditions.0.days',
      { objectives: [objective({ conditions: [{ type: 'date_range', range_type: 'duration' }] })] },
      CHALLENGE_MESSAGES.daysRequired,
    ],
    [
      'objectives.0.conditions.0.start_date',
      {
        objectives: [
          objective({ conditions: [{ type: 'date_range', range_type: 'between', start_date: day(0) }] }),
        ],
      },
      CHALLENGE_MESSAGES.dateRangeRequired,
    ],
    [
      'objectives.0.conditions.0.value',
      { objectives: [objective({ conditions: [{ type: 'value', value: 1_000_000_000 }] })] },
      CHALLENGE_MESSAGES.valueInvalid,
    ],
    [
      'objectives.0.conditions.0.values',
      { objectives: [objective({ conditions: [{ type: 'payment_method', values: [] }] })] },
      CHALLENGE_MESSAGES.paymentMethodRequired,
    ],
    [
      'objectives.0.conditions.0.type',
      { objectives: [objective({ conditions: [{ type: 'weather' }] })] },
      CHALLENGE_MESSAGES.conditionInvalid,
    ],
    [
      'objectives.0.rewards.0.type',
      { objectives: [objective({ rewards: [{ type: 'hugs', value: 1 }] })] },
      CHALLENGE_MESSAGES.rewardTypeRequired,
    ],
    [
      'objectives.0.rewards.0.value',
      { objectives: [objective({ rewards: [{ type: 'badges', value: null }] })] },
      CHALLENGE_MESSAGES.rewardBadgeRequired,
    ],
    [
      'objectives.0.rewards.0.value',
      { objectives: [objective({ rewards: [{ type: 'xp', value: 0 }] })] },
      CHALLENGE_MESSAGES.rewardAmountInvalid,
    ],
    [
      'rewards.0.value',
      {
        rewards: [
          {
            type: 'cashback',
            value: 100.5,
            currency_type: 'percentage',
            currency: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          },
        ],
      },
      CHALLENGE_MESSAGES.cashbackPercentageInvalid,
    ],
    [
      'rewards.0.value',
      {
        rewards: [
          { type: 'cashback', value: 1.005, currency_type: 'fixed', currency: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
        ],
      },
      CHALLENGE_MESSAGES.cashbackFixedInvalid,
    ],
    [
      'rewards.0.currency',
      { rewards: [{ type: 'cashback', value: 5, currency_type: 'percentage' }] },
      CHALLENGE_MESSAGES.cashbackCurrencyRequired,
    ],
    [
      'objectives.0.rewards.0.value',
      { objectives: [objective({ rewards: [{ type: 'badges', value: 'bbbbbbbbbbbbbbbbbbbbbbbb' }] })] },
      CHALLENGE_MESSAGES.badgeNotFound,
    ],
    [
      'rewards.0.currency',
      {
        rewards: [
          { type: 'cashback', value: 5, currency_type: 'percentage', currency: 'cccccccccccccccccccccccc' },
        ],
      },
      CHALLENGE_MESSAGES.currencyNotFound,
    ],
  ])('refuses %s with 400 "%s"', async (field, overrides, message) => {
    const res = await call('POST', '/api/challenges', challengeBody(overrides as Record<string, unknown>));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().content.errors).toContainEqual({ field, message });
  });

  it('lists every error at once, the first in the message', async () => {
    const res = await call(
      'POST',
      '/api/challenges',
      challengeBody({ title: '', objectives: [objective({ event_type: 'nope' })] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHALLENGE_MESSAGES.titleRequired);
    expect(res.json().content.errors.map((e: { field: string }) => e.field)).toEqual([
      'title',
      'objectives.0.event_type',
    ]);
  });

  it("refuses another client's badge as a reward", async () => {
    const foreign = await createBadge(t.app, other);
    const res = await call(
      'POST',
      '/api/challenges',
      challengeBody({ objectives: [objective({ rewards: [{ type: 'badges', value: foreign._id }] })] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHALLENGE_MESSAGES.badgeNotFound);
  });

  it.each([
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['2026-02-30T00:00:00Z', DATE_MESSAGES.notReal],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
    ['3000-01-01', DATE_MESSAGES.outOfRange],
  ])(
    'refuses a schedule start of %s on update (no roll-over, no clamping); the challenge is unchanged',
    async (start_date, message) => {
      const { _id } = await createChallenge(t.app, admin);
      const before = (await call('GET', `/api/challenges/${_id}`)).json().content;
      const res = await call(
        'PUT',
        `/api/challenges/${_id}`,
        challengeBody({ title: before.title, schedule: { start_date, end_date: '3000-12-31' } }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().content.errors).toEqual([
        { field: 'schedule.start_date', message },
        { field: 'schedule.end_date', message: DATE_MESSAGES.outOfRange },
      ]);
      expect((await call('GET', `/api/challenges/${_id}`)).json().content).toEqual(before);
    },
  );
});

describe('the challenges list', () => {
  it('searches, filters, sorts and pages', async () => {
    const session = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    for (const [title, status] of [
      ['Alpha Run', 'draft'],
      ['Bravo Run', 'released'],
      ['Charlie Walk', 'staging'],
    ] as const) {
      await createChallenge(t.app, session, { title, status });
    }
    const titles = async (query: string) => {
      const res = await call('GET', `/api/challenges${query}`, undefined, session);
      expect(res.statusCode, res.body).toBe(200);
      return { titles: res.json().content.map((c: { title: string }) => c.title), body: res.json() };
    };
    expect((await titles('')).titles).toEqual(['Charlie Walk', 'Bravo Run', 'Alpha Run']);
    expect((await titles('?search=run')).titles).toEqual(['Bravo Run', 'Alpha Run']);
    expect((await titles('?search_string=walk')).titles).toEqual(['Charlie Walk']);
    expect((await titles('?status=released')).titles).toEqual(['Bravo Run']);
    expect((await titles('?sort_key=title&sort_direction=asc')).titles).toEqual([
      'Alpha Run',
      'Bravo Run',
      'Charlie Walk',
    ]);
    expect((await titles('?sort_key=status&sort_direction=desc')).titles).toEqual([
      'Charlie Walk',
      'Bravo Run',
      'Alpha Run',
    ]);
    const page = await titles('?page=2&size=2');
    expect(page.titles).toEqual(['Alpha Run']);
    expect(page.body.pagination).toEqual({ count: 3, hasMore: false });
    expect((await titles('?page=1&size=2')).body.pagination).toEqual({ count: 3, hasMore: true });
    expect((await titles('?sort_key=completed_quantity&sort_direction=asc')).titles).toHaveLength(3);
    const bad = await call('GET', '/api/challenges?sort_key=colour', undefined, session);
    expect(bad.statusCode).toBe(400);
  });
});

describe('granting a challenge to a segment', () => {
  it('links once (409 after), answers 404 for an unknown or foreign segment or challenge', async () => {
    const challenge = await createChallenge(t.app, admin);
    const segmentId = await linkChallenge(t.app, admin, challenge._id, 'AllPlayers');
    const again = await call('POST', `/api/challenges/${challenge._id}/segments/${segmentId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CHALLENGE_MESSAGES.alreadyLinked);
    const read = await call('GET', `/api/challenges/${challenge._id}`);
    expect(read.json().content.segments).toEqual([{ _id: segmentId, name: 'AllPlayers' }]);

    const foreignSegment = await createSegment(t.app, other, { name: 'Theirs', filters: [], actions: [] });
    const foreign = await call('POST', `/api/challenges/${challenge._id}/segments/${foreignSegment._id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(SEGMENT_MESSAGES.notFound);
    const unknownChallenge = await call('POST', `/api/challenges/${'a'.repeat(24)}/segments/${segmentId}`);
    expect(unknownChallenge.statusCode).toBe(404);
    expect(unknownChallenge.json().message).toBe(CHALLENGE_MESSAGES.notFound);
    const foreignChallenge = await call(
      'POST',
      `/api/challenges/${challenge._id}/segments/${segmentId}`,
      undefined,
      other,
    );
    expect(foreignChallenge.statusCode).toBe(404);
    const badId = await call('POST', `/api/challenges/${challenge._id}/segments/nope`);
    expect(badId.statusCode).toBe(400);
  });

  it("keeps one client's challenges from another", async () => {
    const challenge = await createChallenge(t.app, admin);
    for (const [method, url] of [
      ['GET', `/api/challenges/${challenge._id}`],
      ['PUT', `/api/challenges/${challenge._id}`],
      ['DELETE', `/api/challenges/${challenge._id}`],
    ] as const) {
      const res = await call(method, url, method === 'PUT' ? challengeBody() : undefined, other);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await call('GET', '/api/challenges?size=100', undefined, other);
    expect(list.json().content.map((c: { _id: string }) => c._id)).not.toContain(challenge._id);
  });

  it('needs the GROWTH plan', async () => {
    const starter = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    const res = await call('GET', '/api/challenges', undefined, starter);
    expect(res.statusCode).toBe(402);
  });
});

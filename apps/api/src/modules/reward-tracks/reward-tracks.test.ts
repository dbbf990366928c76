import { DATE_MESSAGES, REWARD_TRACK_API_MESSAGES, REWARD_TRACK_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic } from '../../../test/engine-helpers';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  session = admin,
) => t.app.inject({ method, url, headers: bearer(session.clientToken), ...(payload ? { payload } : {}) });

const milestone = (position: number, overrides: Record<string, unknown> = {}) => ({
  name: `level ${position}`,
  colour: '#d2a023',
  source_value: position * 100,
  target_value: position,
  image_url: `https://cdn.example.com/milestones/${position}.png`,
  ...overrides,
});

const trackBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Levels',
  reward_track_type: 'LEVEL_PROGRESSION',
  start_date: '2026-01-01',
  end_date: '2030-12-31',
  reset_points_annually: false,
  persist_tier_levels_annually: false,
  milestone_count: 3,
  milestones: [milestone(1), milestone(2), milestone(3)],
  ...overrides,
});

const errorsOf = (body: string) =>
  (JSON.parse(body).content.errors as { field: string; message: string }[]).map(
    (e) => `${e.field}: ${e.message}`,
  );

describe('saving reward tracks', () => {
  it('creates a level progression with its fixed source and target, milestones, count and xr; reads and lists it', async () => {
    const res = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({ source: 'orderVolume', target: 'tier' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(REWARD_TRACK_API_MESSAGES.saved);
    const track = res.json().content;
    expect(track).toMatchObject({
      name: 'Levels',
      reward_track_type: 'LEVEL_PROGRESSION',
      source: 'xp',
      target: 'level',
      start_date: '2026-01-01',
      end_date: '2030-12-31',
      milestone_count: 3,
      itemId: track._id,
      xr: {
        source: { mapping: [100, 200, 300] },
        target: { milestoneName: ['level 1', 'level 2', 'level 3'], mapping: [1, 2, 3] },
      },
    });
    expect(track.milestones[1]).toEqual({
      index: 1,
      name: 'level 2',
      colour: '#d2a023',
      source_value: 200,
      target_value: 2,
      image_url: 'https://cdn.example.com/milestones/2.png',
    });
    const got = await call('GET', `/api/reward-tracks/${track._id}`);
    expect(got.json().content.milestones).toHaveLength(3);
    const progression = (await call('GET', '/api/reward-tracks/progression')).json().content;
    expect(progression.levelProgression).toEqual({
      _id: track._id,
      name: 'Levels',
      source: { name: 'xp', mapping: [100, 200, 300] },
      target: { name: 'level', mapping: [1, 2, 3], milestoneName: ['level 1', 'level 2', 'level 3'] },
    });
    expect(progression.tierProgression).toBeNull();
  });

  it('fixes a tier milestone’s Tier by its position and takes level as the source', async () => {
    const res = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({
        name: 'Tiers',
        reward_track_type: 'TIER_PROGRESSION',
        milestones: [milestone(1, { source_value: 2, target_value: 4 }), milestone(2, { source_value: 5 })],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({
      source: 'level',
      target: 'tier',
      qualification_window: 'NONE',
    });
    expect(res.json().content.milestones.map((m: { target_value: number }) => m.target_value)).toEqual([
      1, 2,
    ]);
  });

  it('refuses a second tier or level progression with 409; any number of generic tracks', async () => {
    const second = await call('POST', '/api/reward-tracks', trackBody({ name: 'Levels again' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(REWARD_TRACK_API_MESSAGES.onePerClient('level progression'));
    const tier = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({ reward_track_type: 'TIER_PROGRESSION' }),
    );
    expect(tier.statusCode).toBe(409);
    expect(tier.json().message).toBe(REWARD_TRACK_API_MESSAGES.onePerClient('tier progression'));
    await createStatistic(t.app, admin, 'stamps');
    await createStatistic(t.app, admin, 'freeCoffees', 'Last');
    for (const name of ['Coffee card', 'Second coffee card']) {
      const generic = await call(
        'POST',
        '/api/reward-tracks',
        trackBody({ name, reward_track_type: 'GENERIC', source: 'stamps', target: 'freeCoffees' }),
      );
      expect(generic.statusCode, generic.body).toBe(200);
      expect(generic.json().content).toMatchObject({ source: 'stamps', target: 'freeCoffees' });
    }
  });

  it('lists every track without a query, and pages and searches with one', async () => {
    const all = await call('GET', '/api/reward-tracks');
    expect(all.json().content.map((track: { name: string }) => track.name)).toEqual([
      'Second coffee card',
      'Coffee card',
      'Tiers',
      'Levels',
    ]);
    expect(all.json().pagination).toEqual({ count: 4, hasMore: false });
    const page = await call('GET', '/api/reward-tracks?page=1&size=2');
    expect(page.json().content).toHaveLength(2);
    expect(page.json().pagination).toEqual({ count: 4, hasMore: true });
    const found = await call('GET', '/api/reward-tracks?page=1&size=10&search_string=COFFEE');
    expect(found.json().pagination.count).toBe(2);
    const tiers = await call('GET', '/api/reward-tracks?reward_track_type=TIER_PROGRESSION');
    expect(tiers.json().content.map((track: { name: string }) => track.name)).toEqual(['Tiers']);
  });

  it('updates with PUT, or with POST naming the _id; a milestone change asks for re-evaluation', async () => {
    const [levels] = (await call('GET', '/api/reward-tracks?reward_track_type=LEVEL_PROGRESSION')).json()
      .content;
    const put = await call('PUT', `/api/reward-tracks/${levels._id}`, trackBody({ name: 'Levels 2' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().content.name).toBe('Levels 2');
    const post = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({ _id: levels._id, milestones: [milestone(1, { source_value: 50 })], milestone_count: 1 }),
    );
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().content).toMatchObject({ milestone_count: 1, rebuilding: true, name: 'Levels' });
    await t.ctx.engine.drain();
    expect((await call('GET', `/api/reward-tracks/${levels._id}`)).json().content.rebuilding).toBe(false);
  });

  it('keeps a tier track’s qualification window when a save leaves the fields out', async () => {
    const [tiers] = (await call('GET', '/api/reward-tracks?reward_track_type=TIER_PROGRESSION')).json()
      .content;
    const body = trackBody({ name: 'Tiers', reward_track_type: 'TIER_PROGRESSION' });
    const windowed = await call('PUT', `/api/reward-tracks/${tiers._id}`, {
      ...body,
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 6,
      downgrade_one_tier_per_review: false,
    });
    expect(windowed.json().content).toMatchObject({
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 6,
      downgrade_one_tier_per_review: false,
    });
    const plain = await call('PUT', `/api/reward-tracks/${tiers._id}`, body);
    expect(plain.json().content).toMatchObject({
      qualification_window: 'ROLLING_MONTHS',
      qualification_months: 6,
      downgrade_one_tier_per_review: false,
    });
  });

  it('deletes a track with the spec’s message; it is gone afterwards', async () => {
    const [generic] = (await call('GET', '/api/reward-tracks?search_string=Second')).json().content;
    const res = await call('DELETE', `/api/reward-tracks/${generic._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(REWARD_TRACK_MESSAGES.deleted);
    expect((await call('GET', `/api/reward-tracks/${generic._id}`)).statusCode).toBe(404);
  });
});

describe('refusing bad reward tracks', () => {
  it.each([
    ['a missing name', { name: '' }, 'name', REWARD_TRACK_MESSAGES.nameRequired],
    [
      'a milestone without a name',
      { milestones: [milestone(1, { name: '' })] },
      'milestones.0.name',
      REWARD_TRACK_MESSAGES.nameRequired,
    ],
    [
      'a level value of 0',
      { milestones: [milestone(1, { source_value: 0 })] },
      'milestones.0.source_value',
      REWARD_TRACK_MESSAGES.valueRequired,
    ],
    [
      'a missing Level',
      { milestones: [milestone(1, { target_value: null })] },
      'milestones.0.target_value',
      REWARD_TRACK_MESSAGES.levelRequired,
    ],
    [
      'a missing image',
      { milestones: [milestone(1, { image_url: '' })] },
      'milestones.0.image_url',
      REWARD_TRACK_MESSAGES.imageRequired,
    ],
    [
      'a missing colour',
      { milestones: [milestone(1, { colour: '' })] },
      'milestones.0.colour',
      REWARD_TRACK_MESSAGES.colorRequired,
    ],
    [
      'a missing Tier',
      { reward_track_type: 'TIER_PROGRESSION', milestones: [milestone(1, { target_value: '' })] },
      'milestones.0.target_value',
      REWARD_TRACK_MESSAGES.tierRequired,
    ],
    [
      'a missing generic source',
      { reward_track_type: 'GENERIC', target: 'stamps' },
      'source',
      REWARD_TRACK_MESSAGES.sourceRequired,
    ],
    [
      'a missing generic target',
      { reward_track_type: 'GENERIC', source: 'stamps' },
      'target',
      REWARD_TRACK_MESSAGES.targetRequired,
    ],
    [
      'a generic source value of 0',
      {
        reward_track_type: 'GENERIC',
        source: 'stamps',
        target: 'freeCoffees',
        milestones: [milestone(1, { source_value: 0 })],
      },
      'milestones.0.source_value',
      REWARD_TRACK_MESSAGES.sourceValueNotPositive,
    ],
    [
      'a negative generic target value',
      {
        reward_track_type: 'GENERIC',
        source: 'stamps',
        target: 'freeCoffees',
        milestones: [milestone(1, { target_value: -2 })],
      },
      'milestones.0.target_value',
      REWARD_TRACK_MESSAGES.targetValueNotPositive,
    ],
    [
      'the same source and target',
      { reward_track_type: 'GENERIC', source: 'stamps', target: 'stamps' },
      'target',
      REWARD_TRACK_API_MESSAGES.sameSourceAndTarget,
    ],
    [
      'an end date before the start date',
      { start_date: '2026-05-02', end_date: '2026-05-01' },
      'end_date',
      REWARD_TRACK_API_MESSAGES.endBeforeStart,
    ],
    [
      'a date that is not one',
      { start_date: '2026-13-45' },
      'start_date',
      REWARD_TRACK_API_MESSAGES.invalidDate,
    ],
    [
      'six milestones',
      { milestones: [1, 2, 3, 4, 5, 6].map((n) => milestone(n)) },
      'milestones',
      REWARD_TRACK_API_MESSAGES.tooManyMilestones,
    ],
    [
      'a fractional value',
      { milestones: [milestone(1, { source_value: 1.5 })] },
      'milestones.0.source_value',
      REWARD_TRACK_API_MESSAGES.wholeNumber,
    ],
    [
      'a 40-month window',
      { reward_track_type: 'TIER_PROGRESSION', qualification_months: 40 },
      'qualification_months',
      REWARD_TRACK_API_MESSAGES.qualificationMonths,
    ],
  ])('answers 400 for %s, naming the field', async (_case, overrides, field, message) => {
    const res = await call('POST', '/api/reward-tracks', trackBody({ name: 'Bad', ...overrides }));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res.body)).toContain(`${field}: ${message}`);
  });

  it('answers every milestone error at once, the first as the message', async () => {
    const res = await call('POST', '/api/reward-tracks', {
      reward_track_type: 'LEVEL_PROGRESSION',
      milestones: [{ name: '', colour: '', source_value: '', target_value: '', image_url: '' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REWARD_TRACK_MESSAGES.nameRequired);
    expect(errorsOf(res.body)).toEqual([
      `name: ${REWARD_TRACK_MESSAGES.nameRequired}`,
      `milestones.0.name: ${REWARD_TRACK_MESSAGES.nameRequired}`,
      `milestones.0.source_value: ${REWARD_TRACK_MESSAGES.valueRequired}`,
      `milestones.0.target_value: ${REWARD_TRACK_MESSAGES.levelRequired}`,
      `milestones.0.image_url: ${REWARD_TRACK_MESSAGES.imageRequired}`,
      `milestones.0.colour: ${REWARD_TRACK_MESSAGES.colorRequired}`,
    ]);
  });

  it('refuses a generic track on an unknown statistic or onto a system statistic', async () => {
    const unknown = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({ reward_track_type: 'GENERIC', source: 'nope', target: 'stamps' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.body)).toEqual([`source: ${REWARD_TRACK_API_MESSAGES.unknownStatistic('nope')}`]);
    const system = await call(
      'POST',
      '/api/reward-tracks',
      trackBody({ reward_track_type: 'GENERIC', source: 'stamps', target: 'tier' }),
    );
    expect(system.statusCode).toBe(400);
    expect(system.json().message).toBe(REWARD_TRACK_API_MESSAGES.systemTarget('tier'));
  });

  it('refuses changing a track’s type', async () => {
    const [levels] = (await call('GET', '/api/reward-tracks?reward_track_type=LEVEL_PROGRESSION')).json()
      .content;
    const res = await call(
      'PUT',
      `/api/reward-tracks/${levels._id}`,
      trackBody({ reward_track_type: 'GENERIC', source: 'stamps', target: 'freeCoffees' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REWARD_TRACK_API_MESSAGES.typeChanged);
  });

  it('answers 404 for another client’s track and for an unknown one', async () => {
    const [levels] = (await call('GET', '/api/reward-tracks?reward_track_type=LEVEL_PROGRESSION')).json()
      .content;
    const other = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    for (const [method, payload] of [['GET'], ['PUT', trackBody()], ['DELETE']] as const) {
      const res = await call(method, `/api/reward-tracks/${levels._id}`, payload, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REWARD_TRACK_API_MESSAGES.notFound);
    }
    expect((await call('GET', '/api/reward-tracks', undefined, other)).json().content).toEqual([]);
    expect((await call('GET', '/api/reward-tracks/aaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(404);
  });

  it('answers 402 outside the plan', async () => {
    const starter = await createClientAndSignIn(t.app, { plan: 'STARTER' });
    expect((await call('GET', '/api/reward-tracks', undefined, starter)).statusCode).toBe(402);
  });
});

describe('refusing values a track cannot hold, changing nothing', () => {
  let owner: SignedIn;
  let generic: { _id: string };
  const genericBody = (overrides: Record<string, unknown> = {}) =>
    trackBody({
      name: 'Stamp card',
      reward_track_type: 'GENERIC',
      source: 'stamps',
      target: 'freeCoffees',
      ...overrides,
    });
  beforeAll(async () => {
    owner = await createClientAndSignIn(t.app, { plan: 'GROWTH' });
    await createStatistic(t.app, owner, 'stamps');
    await createStatistic(t.app, owner, 'freeCoffees', 'Last');
    generic = (await call('POST', '/api/reward-tracks', genericBody(), owner)).json().content;
  });

  it.each(['Infinity', '-Infinity', '1e400', 'NaN', '0x10'])(
    'a milestone value of %j: 400 naming it, on create and update; the track and the list stay readable',
    async (value) => {
      const before = (await call('GET', `/api/reward-tracks/${generic._id}`, undefined, owner)).json()
        .content;
      const milestones = [milestone(1, { source_value: value })];
      for (const res of [
        await call('POST', '/api/reward-tracks', genericBody({ milestones }), owner),
        await call('PUT', `/api/reward-tracks/${generic._id}`, genericBody({ milestones }), owner),
      ]) {
        expect(res.statusCode, res.body).toBe(400);
        expect(errorsOf(res.body)).toEqual([
          `milestones.0.source_value: ${REWARD_TRACK_API_MESSAGES.wholeNumber}`,
        ]);
      }
      const after = await call('GET', `/api/reward-tracks/${generic._id}`, undefined, owner);
      expect(after.statusCode).toBe(200);
      expect(after.json().content).toEqual(before);
      const list = await call('GET', '/api/reward-tracks', undefined, owner);
      expect(list.statusCode).toBe(200);
      expect(list.json().content).toHaveLength(1);
    },
  );

  it.each([
    ['2026-02-30', DATE_MESSAGES.notReal],
    ['2026-02-30T00:00:00Z', DATE_MESSAGES.notReal],
    ['0000-01-01', DATE_MESSAGES.outOfRange],
    ['9999-12-31', DATE_MESSAGES.outOfRange],
    ['0000-01-01T00:00:00Z', DATE_MESSAGES.outOfRange],
  ])('a start date of %s: 400 naming it, the track unchanged', async (start_date, message) => {
    const before = (await call('GET', `/api/reward-tracks/${generic._id}`, undefined, owner)).json().content;
    const res = await call('PUT', `/api/reward-tracks/${generic._id}`, genericBody({ start_date }), owner);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res.body)).toEqual([`start_date: ${message}`]);
    expect((await call('GET', `/api/reward-tracks/${generic._id}`, undefined, owner)).json().content).toEqual(
      before,
    );
  });
});

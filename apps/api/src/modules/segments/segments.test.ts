import { SEGMENT_API_MESSAGES, SEGMENT_MESSAGES, SYSTEM_SEGMENT_NAMES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBadge,
  createSegment,
  createStatistic,
  eventAt,
  playerStatistics,
  rule,
  sendAndProcess,
} from '../../../test/engine-helpers';
import {
  addCustomer,
  type CallAs,
  callAs,
  createBranch,
  createStaffAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;
let call: CallAs;

beforeAll(async () => {
  ({ t, admin, key, call } = await createClientApp('STARTER'));
});
afterAll(() => t.close());

const logins = (customerId: string, count: number) =>
  Array.from({ length: count }, (_, i) => eventAt(customerId, count - i, { type: 'user.logged-in' }));

const segmentById = async (id: string) => (await call('GET', `/api/segments?ids=${id}`)).json().content[0];
const player = async (customerId: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/players/${customerId}`, headers: { 'x-api-key': key } })
  ).json().content;

describe('segment rules and validation', () => {
  it.each([
    [{ name: ' ' }, SEGMENT_MESSAGES.nameRequired, 'name'],
    [
      { name: 'a', filters: [{ type: 'statistic', comparison: 'EqualTo', filter_value: 1 }] },
      SEGMENT_MESSAGES.statisticRequired,
      'filters.0.statistic_name',
    ],
    [
      { name: 'a', filters: [{ type: 'statistic', statistic_name: 'xp', filter_value: 1 }] },
      SEGMENT_MESSAGES.comparisonRequired,
      'filters.0.comparison',
    ],
    [
      {
        name: 'a',
        filters: [{ type: 'statistic', statistic_name: 'xp', comparison: 'EqualTo', filter_value: '' }],
      },
      SEGMENT_MESSAGES.filterValueRequired,
      'filters.0.filter_value',
    ],
    [
      {
        name: 'a',
        filters: [{ type: 'statistic', statistic_name: 'xp', comparison: 'EqualTo', filter_value: 'ten' }],
      },
      SEGMENT_MESSAGES.filterValueNotNumber,
      'filters.0.filter_value',
    ],
    [
      { name: 'a', actions: [{ type: 'grant_item', trigger: '', item_id: 'x' }] },
      SEGMENT_MESSAGES.triggerRequired,
      'actions.0.trigger',
    ],
    [
      { name: 'a', actions: [{ type: 'grant_item', trigger: 'entered' }] },
      SEGMENT_MESSAGES.itemRequired,
      'actions.0.item_id',
    ],
    [
      { name: 'a', actions: [{ type: 'grant_item', trigger: 'entered', item_id: 'x', quantity: 0 }] },
      SEGMENT_MESSAGES.quantityNotPositive,
      'actions.0.quantity',
    ],
    [
      { name: 'a', actions: [{ type: 'grant_mission', trigger: 'left' }] },
      SEGMENT_MESSAGES.missionRequired,
      'actions.0.mission_id',
    ],
    [
      { name: 'a', filters: [rule('noSuchStatistic', 'EqualTo', 1)] },
      SEGMENT_API_MESSAGES.unknownStatistic('noSuchStatistic'),
      'filters.0.statistic_name',
    ],
    [
      { name: 'a', actions: [{ type: 'grant_item', trigger: 'entered', item_id: 'f'.repeat(24) }] },
      SEGMENT_API_MESSAGES.unknownBadge,
      'actions.0.item_id',
    ],
    [
      {
        name: 'a',
        actions: [{ type: 'grant_mission', trigger: 'entered', mission_id: 'nonsense-not-an-id' }],
      },
      SEGMENT_API_MESSAGES.unknownMission,
      'actions.0.mission_id',
    ],
    // Larger quantities overflowed the badge's counters in the engine (and past 2^53 could not be answered at all).
    ...[1_000_000, 3e9, 1e20].map((quantity): [object, string, string] => [
      { name: 'a', actions: [{ type: 'grant_item', trigger: 'entered', item_id: 'x', quantity }] },
      SEGMENT_MESSAGES.quantityTooLarge,
      'actions.0.quantity',
    ]),
  ])('%j -> 400 %s', async (body, message, field) => {
    const res = await call('POST', '/api/segments', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().content.errors[0].field).toBe(field);
  });

  it('every client has the six system segments; they cannot be changed or deleted', async () => {
    const list = await call('GET', '/api/segments?page=1&size=100');
    const system = list.json().content.filter((s: { system: boolean }) => s.system);
    expect(system.map((s: { name: string }) => s.name).sort()).toEqual([...SYSTEM_SEGMENT_NAMES].sort());
    const tierGold = system.find((s: { name: string }) => s.name === 'tierGold');
    expect(tierGold.filters[0]).toMatchObject({
      statistic_name: 'tier',
      comparison: 'EqualTo',
      filter_value: 3,
    });
    for (const res of [
      await call('PUT', `/api/segments/${tierGold._id}`, { name: 'tierGold', filters: [] }),
      await call('DELETE', `/api/segments/${tierGold._id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(SEGMENT_API_MESSAGES.systemSegment);
    }
  });

  it('a name is unique within the client (409); a different name on update is refused (400) and changes nothing', async () => {
    const created = await createSegment(t.app, admin, {
      name: 'Night owls',
      filters: [rule('numberOfLogins', 'GreaterThan', 100)],
    });
    expect((await call('POST', '/api/segments', { name: 'night OWLS' })).statusCode).toBe(409);
    const renamed = await call('PUT', `/api/segments/${created._id}`, {
      name: 'Early birds',
      description: 'Changed',
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      message: 'Name cannot be changed after creation.',
      content: { errors: [{ field: 'name', message: 'Name cannot be changed after creation.' }] },
    });
    expect((await segmentById(created._id)).description).toBe('');
    const updated = await call('PUT', `/api/segments/${created._id}`, {
      name: 'Night owls',
      description: 'Changed',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().content).toMatchObject({ name: 'Night owls', description: 'Changed' });
  });

  it("an update's audit entry keeps what its actions and description were and became, not only its rules", async () => {
    const badge = await createBadge(t.app, admin, { name: 'Audited badge' });
    const created = await createSegment(t.app, admin, {
      name: 'Audited',
      filters: [rule('numberOfLogins', 'GreaterThan', 100_000)],
      actions: [{ id: 'action_1', type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
    });
    const update = (quantity: number, description: string) =>
      call('PUT', `/api/segments/${created._id}`, {
        name: 'Audited',
        description,
        filters: [rule('numberOfLogins', 'GreaterThan', 100_000)],
        actions: [{ id: 'action_1', type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity }],
      });
    expect((await update(1, '')).statusCode).toBe(200);
    expect((await update(50, 'Fifty each')).statusCode).toBe(200);
    const rows = await t.ctx.database.query<{ changes: unknown }>(
      "SELECT changes FROM audit_log WHERE entity_id = $1 AND action = 'segment.updated' ORDER BY occurred_at",
      [created._id],
    );
    const changes = rows.map((row) =>
      typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
    );
    expect(changes[0]).toBeNull();
    expect(changes[1]).toMatchObject({
      actions: { from: [{ quantity: 1 }], to: [{ quantity: 50 }] },
      description: { from: '', to: 'Fifty each' },
    });
    expect(changes[1].filters).toBeUndefined();
  });

  it('an unknown segment is 404 with the spec text', async () => {
    const res = await call('PUT', `/api/segments/${'e'.repeat(24)}`, { name: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SEGMENT_MESSAGES.notFound);
  });
});

describe('membership kept by the engine', () => {
  it('players enter as their statistics match (rules OR-ed), run the grant_item action once, and leave', async () => {
    await createStatistic(t.app, admin, 'visits', 'Sum');
    const badge = await createBadge(t.app, admin, { name: 'Regular' });
    const segment = await createSegment(t.app, admin, {
      name: 'Regulars',
      description: 'Two logins or five visits',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 2), rule('visits', 'GreaterThanOrEqual', 5)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 2 }],
    });
    const [ayanda, bongani, carla] = [
      await addCustomer(t.app, admin),
      await addCustomer(t.app, admin),
      await addCustomer(t.app, admin),
    ];
    await sendAndProcess(t, key, [
      ...logins(ayanda as string, 2),
      ...logins(bongani as string, 1),
      eventAt(carla as string, 1, { type: 'statistic.update', data: { name: 'visits', value: 5 } }),
    ]);
    const listed = await segmentById(segment._id);
    expect(listed).toMatchObject({ player_count: 2, rebuilding: false });
    const members = await call('GET', `/api/segments/${segment._id}/players?page=1&size=15`);
    expect(
      members
        .json()
        .content.map((p: { customer_id: string }) => p.customer_id)
        .sort(),
    ).toEqual([ayanda, carla].sort());
    const ayandaRow = members.json().content.find((p: { customer_id: string }) => p.customer_id === ayanda);
    expect(ayandaRow).toMatchObject({
      display_name: 'Ayanda Nkosi',
      statistics: { numberOfLogins: 2 },
      last_login: expect.any(String),
    });

    const ayandaPlayer = await player(ayanda as string);
    expect(ayandaPlayer.segments).toEqual(expect.arrayContaining(['AllPlayers', 'Regulars']));
    expect(ayandaPlayer.badges).toEqual([expect.objectContaining({ name: 'Regular', quantity: 2 })]);
    // More logins while already in the segment: no second grant.
    await sendAndProcess(t, key, logins(ayanda as string, 3));
    expect((await player(ayanda as string)).badges[0].quantity).toBe(2);
    const [ledger] = await t.ctx.database.query<{ n: string }>(
      'SELECT count(*) AS n FROM badge_transactions WHERE customer_id = $1',
      [ayanda],
    );
    expect(Number(ledger?.n)).toBe(1);
    expect(await playerStatistics(t.app, key, bongani as string)).toEqual({ numberOfLogins: 1 });
    expect((await player(bongani as string)).segments).toEqual(['AllPlayers']);
  });

  it('a rule change recomputes the members in the background; actions fire only for those who changed', async () => {
    const badge = await createBadge(t.app, admin, { name: 'Welcome back' });
    const segment = await createSegment(t.app, admin, {
      name: 'Returning',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 2)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id }],
    });
    const [twice, thrice] = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)];
    await sendAndProcess(t, key, [...logins(twice as string, 2), ...logins(thrice as string, 3)]);
    expect((await segmentById(segment._id)).player_count).toBeGreaterThanOrEqual(2);

    const update = await call('PUT', `/api/segments/${segment._id}`, {
      name: 'Returning',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 3)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id }],
    });
    expect(update.json().content.rebuilding).toBe(true);
    await t.ctx.engine.drain();
    const after = await segmentById(segment._id);
    expect(after.rebuilding).toBe(false);
    const members = (await call('GET', `/api/segments/${segment._id}/players`))
      .json()
      .content.map((p: { customer_id: string }) => p.customer_id);
    expect(members).toContain(thrice);
    expect(members).not.toContain(twice);
    // The one who stayed was not granted again.
    expect(
      (await player(thrice as string)).badges.find((b: { name: string }) => b.name === 'Welcome back')
        .quantity,
    ).toBe(1);
    expect((await player(twice as string)).segments).not.toContain('Returning');
  });

  it('resetting a statistic, or changing its interval, takes its players out of the segments ruled by it', async () => {
    const stamps = await createStatistic(t.app, admin, 'resetStamps', 'Sum');
    const visits = await createStatistic(t.app, admin, 'intervalVisits', 'Sum');
    const bySegment = await createSegment(t.app, admin, {
      name: 'Stamped',
      filters: [rule('resetStamps', 'GreaterThanOrEqual', 1)],
    });
    const byVisits = await createSegment(t.app, admin, {
      name: 'Visited',
      filters: [rule('intervalVisits', 'GreaterThanOrEqual', 1)],
    });
    const customer = (await addCustomer(t.app, admin)) as string;
    await sendAndProcess(t, key, [
      eventAt(customer, 2, { type: 'statistic.update', data: { name: 'resetStamps', value: 3 } }),
      eventAt(customer, 1, { type: 'statistic.update', data: { name: 'intervalVisits', value: 2 } }),
    ]);
    expect((await player(customer)).segments).toEqual(expect.arrayContaining(['Stamped', 'Visited']));

    expect((await call('POST', `/api/statistics/${stamps._id}/reset`)).statusCode).toBe(200);
    expect((await segmentById(bySegment._id)).rebuilding).toBe(true);
    const interval = await call('PUT', `/api/statistics/${visits._id}`, {
      aggregation_method: 'Sum',
      reset_interval: 'Month',
    });
    expect(interval.statusCode, interval.body).toBe(200);
    await t.ctx.engine.drain();
    const after = await player(customer);
    expect(after.segments).not.toContain('Stamped');
    expect(after.segments).not.toContain('Visited');
    expect((await segmentById(byVisits._id)).player_count).toBe(0);
  });

  it('deleting a statistic takes its players out of the segments ruled by it', async () => {
    const stamps = await createStatistic(t.app, admin, 'deletedStamps', 'Sum');
    const segment = await createSegment(t.app, admin, {
      name: 'DeletedStamped',
      filters: [rule('deletedStamps', 'GreaterThanOrEqual', 1)],
    });
    const customer = (await addCustomer(t.app, admin)) as string;
    await sendAndProcess(t, key, [
      eventAt(customer, 1, { type: 'statistic.update', data: { name: 'deletedStamps', value: 3 } }),
    ]);
    expect((await player(customer)).segments).toContain('DeletedStamped');

    expect((await call('DELETE', `/api/statistics/${stamps._id}`)).statusCode).toBe(200);
    expect((await segmentById(segment._id)).rebuilding).toBe(true);
    await t.ctx.engine.drain();
    expect((await player(customer)).segments).not.toContain('DeletedStamped');
    expect(await segmentById(segment._id)).toMatchObject({ player_count: 0, rebuilding: false });
  });

  it('a rebuild asked for in SQL, to the microsecond (as a migration does), is done once and cleared', async () => {
    const segment = await createSegment(t.app, admin, {
      name: 'Microseconds',
      filters: [{ type: 'all_players' }],
    });
    await t.ctx.engine.drain();
    await t.ctx.database.query(`UPDATE segments SET rebuild_requested_at = now() WHERE id = $1`, [
      segment._id,
    ]);
    await t.ctx.engine.drain();
    expect((await segmentById(segment._id)).rebuilding).toBe(false);
  });

  it("an unlimited badge's counters stop at the integer's top instead of failing the engine's batch", async () => {
    const badge = await createBadge(t.app, admin, { name: 'Bottomless' });
    await t.ctx.database.query('UPDATE badges SET granted_quantity = 2147483000 WHERE id = $1', [badge._id]);
    await createSegment(t.app, admin, {
      name: 'Bottomless takers',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 1)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 999_999 }],
    });
    const customer = (await addCustomer(t.app, admin)) as string;
    await sendAndProcess(t, key, logins(customer, 1));
    expect((await player(customer)).badges).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Bottomless', quantity: 999_999 })]),
    );
    const [row] = await t.ctx.database.query<{ granted_quantity: number }>(
      'SELECT granted_quantity FROM badges WHERE id = $1',
      [badge._id],
    );
    expect(Number(row?.granted_quantity)).toBe(2_147_483_647);
  });

  it("a badge's dates are judged by when the granting event happened, not when the engine got to it", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const badge = await createBadge(t.app, admin, {
      name: 'Last week only',
      dates_enabled: true,
      start_date: daysAgo(6),
      end_date: daysAgo(3),
    });
    await createStatistic(t.app, admin, 'datedVisits', 'Sum');
    await createSegment(t.app, admin, {
      name: 'Dated visitors',
      filters: [rule('datedVisits', 'GreaterThanOrEqual', 1)],
      actions: [{ type: 'grant_item', trigger: 'entered', item_id: badge._id, quantity: 1 }],
    });
    const [late, current] = [await addCustomer(t.app, admin), await addCustomer(t.app, admin)] as string[];
    const visit = (customer: string, minutesAgo: number) =>
      eventAt(customer, minutesAgo, { type: 'statistic.update', data: { name: 'datedVisits', value: 1 } });
    // Sent today: one visit made four days ago (inside the badge's dates), one made now (after them).
    await sendAndProcess(t, key, [visit(late as string, 4 * 24 * 60), visit(current as string, 0)]);
    const names = async (customer: string) =>
      ((await player(customer)).badges as { name: string }[]).map((held) => held.name);
    expect(await names(late as string)).toContain('Last week only');
    expect(await names(current as string)).not.toContain('Last week only');
  });

  it('deleting a segment removes its players', async () => {
    const segment = await createSegment(t.app, admin, { name: 'Anyone', filters: [{ type: 'all_players' }] });
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, logins(customer, 1));
    expect((await player(customer)).segments).toContain('Anyone');
    const res = await call('DELETE', `/api/segments/${segment._id}`);
    expect(res.statusCode).toBe(200);
    expect((await player(customer)).segments).not.toContain('Anyone');
  });

  it('a suspended customer is in no segment', async () => {
    const customer = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, logins(customer, 2));
    expect((await player(customer)).segments.length).toBeGreaterThan(0);
    await call('PUT', '/api/v2/suspend/user', { _id: customer });
    expect((await player(customer)).segments).toEqual([]);
  });

  it('pages of players, read from either end of the segment, join up to the whole list in order', async () => {
    const segment = await createSegment(t.app, admin, {
      name: 'Very regular',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 6)],
    });
    const customers = await Promise.all(Array.from({ length: 7 }, () => addCustomer(t.app, admin)));
    await sendAndProcess(
      t,
      key,
      customers.flatMap((customer) => logins(customer, 6)),
    );
    const page = async (n: number, size: number) => {
      const body = (await call('GET', `/api/segments/${segment._id}/players?page=${n}&size=${size}`)).json();
      expect(body.pagination.count).toBe(7);
      return body.content.map((p: { customer_id: string }) => p.customer_id);
    };
    const whole = await page(1, 15);
    expect([...whole].sort()).toEqual([...customers].sort());
    const paged = [];
    for (const n of [1, 2, 3, 4]) paged.push(...(await page(n, 2)));
    expect(paged).toEqual(whole);
    expect(await page(3, 3)).toEqual(whole.slice(6));
    expect(await page(5, 2)).toEqual([]);
  });

  it("a branch manager's players page lists their branches' members only, counted alike", async () => {
    const [north, south] = [await createBranch(t.app, admin), await createBranch(t.app, admin)];
    const segment = await createSegment(t.app, admin, {
      name: 'Branch regulars',
      filters: [rule('numberOfLogins', 'GreaterThanOrEqual', 2)],
    });
    const ours = await Promise.all(
      [1, 2, 3].map(() => addCustomer(t.app, admin, { member_branch_id: north._id })),
    );
    const theirs = await Promise.all(
      [1, 2].map(() => addCustomer(t.app, admin, { member_branch_id: south._id })),
    );
    await sendAndProcess(
      t,
      key,
      [...ours, ...theirs].flatMap((customer) => logins(customer, 2)),
    );
    const manager = await createStaffAndSignIn(t.app, admin, {
      role: 'BRANCH_MANAGER',
      manager_of: [north._id],
      user_permissions: { SEGMENTS: { read: true } },
    });
    const pageAs = async (session: SignedIn, n: number, size: number) =>
      (
        await callAs(t.app, session)('GET', `/api/segments/${segment._id}/players?page=${n}&size=${size}`)
      ).json();
    const first = await pageAs(manager, 1, 2);
    expect(first.pagination).toEqual({ count: 3, hasMore: true });
    // The segment's size they are shown is their branches' too, in the list and the segment's card.
    const listed = (await callAs(t.app, manager)('GET', `/api/segments?ids=${segment._id}`)).json()
      .content[0];
    expect(listed.player_count).toBe(3);
    expect((await segmentById(segment._id)).player_count).toBeGreaterThanOrEqual(5);
    const second = await pageAs(manager, 2, 2);
    const seen = [...first.content, ...second.content].map((p: { customer_id: string }) => p.customer_id);
    expect(seen.sort()).toEqual([...ours].sort());
    // The admin sees every branch's (and the earlier tests' customers, who log in too).
    const everyone = (await pageAs(admin, 1, 100)).content.map((p: { customer_id: string }) => p.customer_id);
    expect(everyone).toEqual(expect.arrayContaining([...ours, ...theirs]));
  });

  it('an empty players page for a new segment; paging', async () => {
    const segment = await createSegment(t.app, admin, {
      name: 'Big spenders',
      filters: [rule('totalOrderValue', 'GreaterThan', 10_000)],
    });
    await t.ctx.engine.drain();
    const res = await call('GET', `/api/segments/${segment._id}/players?page=1&size=5`);
    expect(res.json()).toMatchObject({ content: [], pagination: { count: 0, hasMore: false } });
  });
});

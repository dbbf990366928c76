import { API_ERROR_MESSAGES, STATISTIC_MESSAGES, SYSTEM_STATISTICS } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic, eventAt, playerStatistics, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  type CallAs,
  createApiKey,
  createClientAndSignIn,
  type SignedIn,
} from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let call: CallAs;

beforeAll(async () => {
  ({ t, admin, call } = await createClientApp('STARTER'));
});
afterAll(() => t.close());

describe('creating and listing', () => {
  it('creates a statistic with its aggregation and reset interval; the list shows it first beside the system ones', async () => {
    const res = await call('POST', '/api/statistics', {
      name: '  coffeeStamps ',
      aggregation_method: 'Sum',
      reset_interval: 'Day',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: STATISTIC_MESSAGES.created,
      content: {
        name: 'coffeeStamps',
        aggregation_method: 'Sum',
        reset_interval: 'Day',
        version: 0,
        system: false,
      },
    });
    const list = await call('GET', '/api/statistics?page=1&size=15');
    expect(list.statusCode).toBe(200);
    const names = list.json().content.map((s: { name: string }) => s.name);
    expect(names[0]).toBe('coffeeStamps');
    expect(names).toEqual(expect.arrayContaining([...SYSTEM_STATISTICS]));
    expect(list.json().pagination).toEqual({ count: SYSTEM_STATISTICS.length + 1, hasMore: false });
    const system = list.json().content.find((s: { name: string }) => s.name === 'numberOfLogins');
    expect(system).toMatchObject({ system: true, aggregation_method: 'Sum', reset_interval: 'Manual' });
  });

  it('searches by name fragment and pages', async () => {
    const found = await call('GET', '/api/statistics?search=ORDER');
    expect(
      found
        .json()
        .content.map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(['orderVolume', 'totalOrderValue']);
    const page = await call('GET', '/api/statistics?page=2&size=5');
    expect(page.json().content).toHaveLength(5);
    expect(page.json().pagination.hasMore).toBe(true);
  });

  it.each([
    [{ aggregation_method: 'Sum', reset_interval: 'Day' }, STATISTIC_MESSAGES.nameRequired],
    [{ name: '   ', aggregation_method: 'Sum', reset_interval: 'Day' }, STATISTIC_MESSAGES.nameRequired],
    [{ name: 'a', reset_interval: 'Day' }, STATISTIC_MESSAGES.aggregationMethodRequired],
    [
      { name: 'a', aggregation_method: 'Average', reset_interval: 'Day' },
      STATISTIC_MESSAGES.aggregationMethodRequired,
    ],
    [{ name: 'a', aggregation_method: 'Sum' }, STATISTIC_MESSAGES.resetIntervalRequired],
    [
      { name: 'a', aggregation_method: 'Sum', reset_interval: 'Year' },
      STATISTIC_MESSAGES.resetIntervalRequired,
    ],
  ])('%j -> 400 %s', async (body, message) => {
    const res = await call('POST', '/api/statistics', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('a name is unique within the client, whatever its case (409)', async () => {
    await createStatistic(t.app, admin, 'visits');
    const res = await call('POST', '/api/statistics', {
      name: 'VISITS',
      aggregation_method: 'Max',
      reset_interval: 'Manual',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_ERROR_MESSAGES.statisticNameTaken);
    const system = await call('POST', '/api/statistics', {
      name: 'xp',
      aggregation_method: 'Sum',
      reset_interval: 'Manual',
    });
    expect(system.statusCode).toBe(409);
  });
});

describe('updating, resetting and deleting', () => {
  it('an update changes only the aggregation and the reset interval; the name stays', async () => {
    const created = await createStatistic(t.app, admin, 'lapTime', 'Min', 'Manual');
    const res = await call('PUT', `/api/statistics/${created._id}`, {
      name: 'renamed',
      aggregation_method: 'Max',
      reset_interval: 'Manual',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: STATISTIC_MESSAGES.updated,
      content: { name: 'lapTime', aggregation_method: 'Max', version: 0 },
    });
    const fetched = await call('GET', `/api/statistics/${created._id}`);
    expect(fetched.json().content.name).toBe('lapTime');
  });

  it('a new reset interval or a manual reset starts a new version: players start again with no value', async () => {
    const key = (await createApiKey(t.app, admin)).key;
    const created = await createStatistic(t.app, admin, 'punches', 'Sum', 'Manual');
    const player = await addCustomer(t.app, admin);
    const punch = (value: number) =>
      eventAt(player, 1, { type: 'statistic.update', data: { name: 'punches', value } });
    await sendAndProcess(t, key, [punch(4), punch(3)]);
    expect((await playerStatistics(t.app, key, player)).punches).toBe(7);

    const reset = await call('POST', `/api/statistics/${created._id}/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().content.version).toBe(1);
    expect((await playerStatistics(t.app, key, player)).punches).toBeUndefined();
    await sendAndProcess(t, key, [
      eventAt(player, 0, { type: 'statistic.update', data: { name: 'punches', value: 2 } }),
    ]);
    expect((await playerStatistics(t.app, key, player)).punches).toBe(2);

    const weekly = await call('PUT', `/api/statistics/${created._id}`, {
      aggregation_method: 'Sum',
      reset_interval: 'Week',
    });
    expect(weekly.json().content).toMatchObject({ reset_interval: 'Week', version: 2 });
    expect((await playerStatistics(t.app, key, player)).punches).toBeUndefined();
    // Earlier versions stay readable in the database.
    const versions = await t.ctx.database.query<{ version: number; value: string }>(
      'SELECT version, value FROM player_statistics WHERE statistic_id = $1 ORDER BY version',
      [created._id],
    );
    expect(versions.map((row) => [row.version, Number(row.value)])).toEqual([
      [0, 7],
      [1, 2],
    ]);
  });

  it('deletes a statistic and its values', async () => {
    const created = await createStatistic(t.app, admin, 'temporary');
    const res = await call('DELETE', `/api/statistics/${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(STATISTIC_MESSAGES.deleted);
    expect((await call('GET', `/api/statistics/${created._id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/statistics/${created._id}`)).statusCode).toBe(404);
  });

  it('system statistics cannot be changed, reset or deleted (409)', async () => {
    const list = await call('GET', '/api/statistics?search=numberOfLogins');
    const id = list.json().content[0]._id;
    for (const res of [
      await call('PUT', `/api/statistics/${id}`, { aggregation_method: 'Max', reset_interval: 'Day' }),
      await call('POST', `/api/statistics/${id}/reset`),
      await call('DELETE', `/api/statistics/${id}`),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(API_ERROR_MESSAGES.systemStatisticReadOnly);
    }
  });

  it('statistics need the STARTER plan (402 on FREEMIUM)', async () => {
    const freemium = await createClientAndSignIn(t.app, { plan: 'FREEMIUM' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/statistics',
      headers: bearer(freemium.clientToken),
    });
    expect(res.statusCode).toBe(402);
  });
});

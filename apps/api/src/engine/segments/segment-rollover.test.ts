import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSegment, createStatistic, playerOf, rule, sendAndProcess } from '../../../test/engine-helpers';
import { addCustomer, eventFor, type SignedIn } from '../../../test/factories';
import { createClientApp, type TestApp } from '../../../test/test-app';
import type { SegmentFilterColumn } from '../../db/schema';
import type { StatisticCatalogue, StatisticDefinition } from '../statistics/statistic-definitions';
import { periodEnded } from './segment-rollover';

const definition = (name: string, resetInterval: StatisticDefinition['resetInterval']) =>
  ({
    id: name,
    clientId: 'c',
    name,
    resetInterval,
    epochVersion: 1,
    epochStart: new Date(0),
  }) as StatisticDefinition;
const catalogue: StatisticCatalogue = {
  find: (_clientId, name) =>
    [
      definition('visitsToday', 'Day'),
      definition('visitsThisWeek', 'Week'),
      definition('stamps', 'Manual'),
    ].find((candidate) => candidate.name === name),
  all: () => [],
};
const on = (name: string) => ({ ...rule(name, 'GreaterThanOrEqual', 1), id: name }) as SegmentFilterColumn;

describe('whether a segment’s period ended', () => {
  const ended = (names: string[], checked: string | null, now: string, timeZone = 'Africa/Johannesburg') =>
    periodEnded(names.map(on), catalogue, 'c', timeZone, checked ? new Date(checked) : null, new Date(now));

  it('a day ends at the business’s midnight, a week on Monday; a manual statistic never', () => {
    // 21:59 and 22:01 UTC are either side of midnight in Johannesburg (UTC+2), not in UTC.
    expect(ended(['visitsToday'], '2026-12-01T21:59:00Z', '2026-12-01T22:01:00Z')).toBe(true);
    expect(ended(['visitsToday'], '2026-12-01T21:59:00Z', '2026-12-01T22:01:00Z', 'UTC')).toBe(false);
    // Tuesday to Sunday: the same week; Sunday to Monday: the next one.
    expect(ended(['visitsThisWeek'], '2026-12-01T08:00:00Z', '2026-12-06T08:00:00Z')).toBe(false);
    expect(ended(['visitsThisWeek'], '2026-12-06T08:00:00Z', '2026-12-07T08:00:00Z')).toBe(true);
    expect(ended(['stamps'], '2026-01-01T00:00:00Z', '2026-12-07T08:00:00Z')).toBe(false);
    expect(ended(['stamps', 'visitsToday'], '2026-12-01T08:00:00Z', '2026-12-02T08:00:00Z')).toBe(true);
  });

  it('a segment never looked at is recomputed once; one on unknown or manual statistics never', () => {
    expect(ended(['visitsToday'], null, '2026-12-01T08:00:00Z')).toBe(true);
    expect(ended(['stamps', 'unknown'], null, '2026-12-01T08:00:00Z')).toBe(false);
  });
});

describe('a segment on a daily statistic', () => {
  let t: TestApp;
  let admin: SignedIn;
  let key: string;
  beforeAll(async () => {
    ({ t, admin, key } = await createClientApp('STARTER'));
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('loses yesterday’s players once the day is over, without an event of theirs', async () => {
    await createStatistic(t.app, admin, 'visitsToday', 'Sum', 'Day');
    await createSegment(t.app, admin, {
      name: 'Visited today',
      filters: [rule('visitsToday', 'GreaterThanOrEqual', 1)],
    });
    const visitor = await addCustomer(t.app, admin);
    await sendAndProcess(t, key, [
      eventFor(visitor, { type: 'statistic.update', data: { name: 'visitsToday', value: 1 } }),
    ]);
    expect((await playerOf(t.app, key, visitor)).segments).toContain('Visited today');
    // The same day, a minute on: still a member.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    await t.ctx.engine.drain();
    expect((await playerOf(t.app, key, visitor)).segments).toContain('Visited today');
    // Two days on: the day the visit counted in is over.
    vi.setSystemTime(Date.now() + 2 * 86_400_000);
    await t.ctx.engine.drain();
    expect((await playerOf(t.app, key, visitor)).segments).not.toContain('Visited today');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic } from '../../../test/engine-helpers';
import { addCustomer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { EngineEvent, StatisticContribution } from '../core/types';
import { loadStatisticCatalogue } from './statistic-definitions';
import { applyStatisticContributions } from './statistic-writer';

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'STARTER' });
  await createStatistic(t.app, admin, 'favouriteDrink', 'Last');
  await createStatistic(t.app, admin, 'stamps', 'Sum');
});
afterAll(() => t.close());

let seq = 0;
/** An event of the customer at 09:mm on one day; each one arrives (seq) after the one made before it. */
const eventAt = (customerId: string, hour: number, minute = 0): EngineEvent => {
  seq += 1;
  return {
    id: `event-${seq}`,
    seq,
    clientId: admin.clientId,
    externalId: `external-${seq}`,
    type: 'statistic.update',
    customerId,
    branchId: null,
    occurredAt: new Date(Date.UTC(2026, 10, 26, hour, minute)),
    data: {},
    attempts: 0,
  };
};

/** One writer call, as one engine batch makes it; answers the values written by statistic name. */
const write = (contributions: StatisticContribution[]) =>
  t.ctx.database.db.transaction(async (tx) => {
    const catalogue = await loadStatisticCatalogue(tx, [admin.clientId]);
    const changes = await applyStatisticContributions(tx, contributions, catalogue, () => 'UTC');
    return Object.fromEntries(changes.map((change) => [change.name, change.value]));
  });

const drink = (event: EngineEvent, value: number, derived?: boolean): StatisticContribution => ({
  event,
  name: 'favouriteDrink',
  value,
  ...(derived ? { derived } : {}),
});

describe('Last holds the value of the latest occurred_at, not of the last processed event', () => {
  it('an older event processed later does not overwrite a newer value, in a later batch or in the same one', async () => {
    const customerId = await addCustomer(t.app, admin);
    expect(await write([drink(eventAt(customerId, 10), 3)])).toEqual({ favouriteDrink: 3 });
    expect(await write([drink(eventAt(customerId, 9), 7)])).toEqual({ favouriteDrink: 3 });
    expect(await write([drink(eventAt(customerId, 11), 4), drink(eventAt(customerId, 8), 9)])).toEqual({
      favouriteDrink: 4,
    });
    // The same moment: the one that arrived later wins.
    expect(await write([drink(eventAt(customerId, 11), 5)])).toEqual({ favouriteDrink: 5 });
  });

  it('a derived value (a track’s target) replaces the stored one even from an older event; the stored time holds', async () => {
    const customerId = await addCustomer(t.app, admin);
    await write([drink(eventAt(customerId, 10), 1)]);
    expect(await write([drink(eventAt(customerId, 9), 2, true)])).toEqual({ favouriteDrink: 2 });
    // The 10:00 time is kept: an observed event between then and now is still older than it.
    expect(await write([drink(eventAt(customerId, 9, 30), 6)])).toEqual({ favouriteDrink: 2 });
    expect(await write([drink(eventAt(customerId, 10, 30), 4)])).toEqual({ favouriteDrink: 4 });
    // In one call the derived value comes after the observed ones it was computed from.
    expect(await write([drink(eventAt(customerId, 9), 8, true), drink(eventAt(customerId, 12), 5)])).toEqual({
      favouriteDrink: 8,
    });
  });

  it('other methods are unchanged by the order: a Sum adds every contribution, derived or not', async () => {
    const customerId = await addCustomer(t.app, admin);
    const stamps = (event: EngineEvent, value: number, derived = false) => ({
      event,
      name: 'stamps',
      value,
      derived,
    });
    await write([stamps(eventAt(customerId, 10), 2)]);
    expect(await write([stamps(eventAt(customerId, 9), 3), stamps(eventAt(customerId, 8), 1, true)])).toEqual(
      {
        stamps: 6,
      },
    );
  });
});

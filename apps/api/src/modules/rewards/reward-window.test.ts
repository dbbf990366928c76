import { REWARD_MESSAGES as M, type TReward } from '@laurel/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../local-time';
import { rewardsTestKit } from './rewards-test-kit';

/**
 * A reward's availability window is a span of the business's days, as a challenge's schedule is: a day sent as
 * YYYY-MM-DD is stored from its local midnight until the end of that local day, and the redemption judges those
 * instants, so it agrees with the days the console shows in that zone wherever the editing browser is.
 */

const { kit, createReward, fundedCustomer, redeem, asKey, rewardBody } = rewardsTestKit();
const ZONE = 'Africa/Johannesburg'; // UTC+2 all year

beforeAll(async () => {
  const res = await kit.setup.call('PUT', '/api/client/regional-settings', {
    time_zone: ZONE,
    currency_symbol: 'R',
  });
  expect(res.statusCode, res.body).toBe(200);
});

/** The business's day `offset` days from today, as the console's picker gives it. */
const businessDay = (offset = 0) => localDate(new Date(Date.now() + offset * 86_400_000), ZONE);

describe("a reward's availability window in the business's time zone", () => {
  it('stores a day from its start until its end in the business’s zone, on create and on edit', async () => {
    const reward = await createReward({ available_from: '2026-12-10', available_to: '2026-12-20' });
    expect(reward).toMatchObject({
      available_from: '2026-12-09T22:00:00.000Z',
      available_to: '2026-12-20T21:59:59.999Z',
    });
    const edited = await kit.setup.call(
      'PUT',
      `/api/rewards/${reward._id}`,
      rewardBody({ name: reward.name, available_from: '2027-01-05', available_to: '2027-01-05' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // A window of one day: that whole local day.
    expect(edited.json().content).toMatchObject({
      available_from: '2027-01-04T22:00:00.000Z',
      available_to: '2027-01-05T21:59:59.999Z',
    });
    // A date-time is kept as sent.
    const exact = await createReward({
      available_from: '2026-12-10T08:30:00+02:00',
      available_to: '2026-12-10T17:00:00Z',
    });
    expect(exact).toMatchObject({
      available_from: '2026-12-10T06:30:00.000Z',
      available_to: '2026-12-10T17:00:00.000Z',
    });
    // A day beside a date-time whose own calendar day is earlier, but which falls later in the business's zone:
    // 23:30 on the 10th at -05:00 is 06:30 on the 11th in Johannesburg, inside the 11th.
    const mixed = await createReward({
      available_from: '2026-12-11',
      available_to: '2026-12-10T23:30:00-05:00',
    });
    expect(mixed).toMatchObject({
      available_from: '2026-12-10T22:00:00.000Z',
      available_to: '2026-12-11T04:30:00.000Z',
    });
  });

  it('refuses an end before the start, once a day is placed in the business’s zone', async () => {
    for (const window of [
      { available_from: '2026-12-10', available_to: '2026-12-09' },
      // The 10th by its own offset, but 21:30 on the 9th in UTC: before the business's 10th begins (22:00 UTC).
      { available_from: '2026-12-10', available_to: '2026-12-10T00:30:00+03:00' },
    ]) {
      const res = await kit.setup.call('POST', '/api/rewards', rewardBody(window));
      expect(res.statusCode, JSON.stringify(window)).toBe(400);
      expect(res.json().message).toBe(M.windowOrder);
    }
  });

  it('redeems on the business’s days: today’s window is open, yesterday’s ended and tomorrow’s not begun', async () => {
    const today = await createReward({ available_from: businessDay(), available_to: businessDay() });
    const ended = await createReward({ available_from: businessDay(-1), available_to: businessDay(-1) });
    const later = await createReward({ available_from: businessDay(1), available_to: businessDay(1) });
    expect([today.status, ended.status, later.status]).toEqual(['Active', 'Ended', 'Scheduled']);

    const customer = await fundedCustomer(500);
    const listed = await asKey('GET', `/api/v1/players/${customer}/rewards`);
    expect(listed.statusCode, listed.body).toBe(200);
    const offered = (listed.json().content as { _id: string; reason: string | null }[]).map((r) => [
      r._id,
      r.reason,
    ]);
    expect(offered).toEqual(expect.arrayContaining([[today._id, null]]));
    expect(offered).toEqual(expect.arrayContaining([[later._id, 'not_available']]));
    expect(offered.map(([id]) => id)).not.toContain(ended._id);

    expect((await redeem(customer, today._id)).statusCode).toBe(201);
    for (const reward of [ended, later] as TReward[]) {
      const refused = await redeem(customer, reward._id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(M.notAvailable);
    }
  });
});

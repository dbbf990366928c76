import { afterEach, describe, expect, it } from 'vitest';
import { toRewardBody, valuesOfReward } from '@/features/rewards/reward-form-values';
import { validateReward } from '@/features/rewards/reward-validation';
import { rewardFixture } from '@/features/rewards/test-server';

const BUSINESS_ZONE = 'Africa/Johannesburg';
/** 10–20 Dec 2026 as the server stores it for a business in Johannesburg (UTC+2): 00:00 on the 10th to 23:59:59.999 on the 20th. */
const STORED = { available_from: '2026-12-09T22:00:00.000Z', available_to: '2026-12-20T21:59:59.999Z' };
/** Browsers the staff may edit from, each in a zone other than the business's. */
const BROWSER_ZONES = ['Europe/London', 'Pacific/Auckland', 'America/Los_Angeles', 'Pacific/Kiritimati'];

const processZone = process.env.TZ;
/** Runs as a browser in `zone` would: Node reads TZ afresh for Date and for Intl without a zone. */
const inBrowserZone = (zone: string) => {
  process.env.TZ = zone;
  expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
};
afterEach(() => {
  if (processZone === undefined) delete process.env.TZ;
  else process.env.TZ = processZone;
});

describe("a reward's availability window is in the business's time zone, not this browser's", () => {
  it.each(BROWSER_ZONES)('reads the stored window as 10–20 Dec from a browser in %s', (zone) => {
    inBrowserZone(zone);
    // The case is real: in this browser's own zone the stored instants fall on other days.
    const ownDays = [STORED.available_from, STORED.available_to].map((iso) => new Date(iso).getDate());
    expect(ownDays).not.toEqual([10, 20]);

    const values = valuesOfReward(rewardFixture(STORED), BUSINESS_ZONE);
    expect([values.available_from, values.available_to]).toEqual(['2026-12-10', '2026-12-20']);
  });

  it.each(BROWSER_ZONES)(
    'sends a picked day as that day for the server to place in the business’s zone, from a browser in %s',
    (zone) => {
      inBrowserZone(zone);
      const picked = {
        ...valuesOfReward(rewardFixture(), BUSINESS_ZONE),
        available_from: '2026-12-10',
        available_to: '2026-12-20',
      };
      // No instant of this browser's zone goes out: the server stores 00:00 of the 10th and the end of the 20th in
      // Johannesburg (STORED), which the redemption check judges.
      expect(toRewardBody(picked, null)).toMatchObject({
        available_from: '2026-12-10',
        available_to: '2026-12-20',
      });
      // Opened again, the stored window is the same days: a save does not move it.
      const reopened = valuesOfReward(rewardFixture(STORED), BUSINESS_ZONE);
      expect(toRewardBody(reopened, null)).toMatchObject({
        available_from: '2026-12-10',
        available_to: '2026-12-20',
      });
    },
  );

  it('takes a window of one day, and refuses an end before the start', () => {
    const values = valuesOfReward(rewardFixture(), BUSINESS_ZONE);
    expect(
      validateReward({ ...values, available_from: '2026-12-10', available_to: '2026-12-10' }, 0),
    ).toEqual([]);
    expect(
      validateReward({ ...values, available_from: '2026-12-10', available_to: '2026-12-09' }, 0).map(
        (error) => error.field,
      ),
    ).toEqual(['available_to']);
  });
});

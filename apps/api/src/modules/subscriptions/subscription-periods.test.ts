import { describe, expect, it } from 'vitest';
import { expiryFor } from './subscription-periods';

/** A plan that runs until its end date, nothing else ending it. */
const plan = {
  period: 'MONTHLY',
  customDays: null,
  type: 'RECURRING',
  numberOfPeriods: null,
  expires: false,
  expiresIn: 0,
  endDate: '2026-11-30',
} as unknown as Parameters<typeof expiryFor>[0];

describe('expiryFor', () => {
  it("ends a plan's subscriptions when its end date is over in the business's time zone", () => {
    const issued = new Date('2026-11-01T12:00:00Z');
    // New York: 30 November ends at 05:00 UTC on 1 December, not at midnight UTC (19:00 local on the 30th).
    expect(expiryFor(plan, issued, 'America/New_York')?.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    // Johannesburg: two hours ahead of UTC.
    expect(expiryFor(plan, issued, 'Africa/Johannesburg')?.toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(expiryFor(plan, issued, 'UTC')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

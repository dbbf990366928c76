import { describe, expect, it } from 'vitest';
import { clockStartingAt, systemClock } from './clock';

describe('the business clock', () => {
  it('is the system clock without CLOCK_START', () => {
    expect(clockStartingAt(undefined)).toBe(systemClock);
  });

  it('starts at CLOCK_START and runs forward in real time', () => {
    let real = Date.UTC(2026, 10, 26, 9, 0);
    const clock = clockStartingAt(new Date('2026-12-31T23:59:30Z'), () => real);
    expect(clock().toISOString()).toBe('2026-12-31T23:59:30.000Z');
    real += 45_000;
    expect(clock().toISOString()).toBe('2027-01-01T00:00:15.000Z');
  });
});

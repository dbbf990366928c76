import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentResults } from './recent-results';

/** A read whose answer the test gives when it wants, counting how often it was started. */
const controlledReads = () => {
  const pending: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let started = 0;
  return {
    read: () =>
      new Promise<number>((resolve, reject) => {
        started += 1;
        pending.push({ resolve, reject });
      }),
    answer: (value: number) => pending.shift()?.resolve(value),
    fail: () => pending.shift()?.reject(new Error('the database is gone')),
    started: () => started,
  };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('recentResults', () => {
  it('shares one read among the callers that arrive while it runs, and reuses it for maxAgeMs', async () => {
    const recent = recentResults<number>({ maxAgeMs: 1_000 });
    const reads = controlledReads();
    const first = recent('k', reads.read);
    const second = recent('k', reads.read);
    reads.answer(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    vi.advanceTimersByTime(900);
    expect(await recent('k', reads.read)).toBe(7);
    expect(reads.started()).toBe(1);
  });

  it('once older, answers the previous result at once while one new read runs, then the new one', async () => {
    const recent = recentResults<number>({ maxAgeMs: 1_000 });
    const reads = controlledReads();
    const first = recent('k', reads.read);
    reads.answer(1);
    await first;
    vi.advanceTimersByTime(1_001);
    expect(await recent('k', reads.read)).toBe(1);
    expect(await recent('k', reads.read)).toBe(1);
    expect(reads.started()).toBe(2);
    reads.answer(2);
    await settle();
    expect(await recent('k', reads.read)).toBe(2);
    expect(reads.started()).toBe(2);
  });

  it('keeps only what `keep` accepts, and never a failed read', async () => {
    const recent = recentResults<number>({ maxAgeMs: 1_000, keep: (n) => n >= 1_000 });
    const reads = controlledReads();
    const small = recent('small', reads.read);
    reads.answer(3);
    expect(await small).toBe(3);
    await settle();
    const again = recent('small', reads.read);
    reads.answer(4);
    expect(await again).toBe(4);
    expect(reads.started()).toBe(2);

    const failing = recent('failing', reads.read);
    reads.fail();
    await expect(failing).rejects.toThrow('the database is gone');
    await settle();
    const retried = recent('failing', reads.read);
    reads.answer(5_000);
    expect(await retried).toBe(5_000);
    expect(reads.started()).toBe(4);
  });

  it('keys are apart', async () => {
    const recent = recentResults<number>({ maxAgeMs: 1_000 });
    const reads = controlledReads();
    const a = recent('a', reads.read);
    const b = recent('b', reads.read);
    reads.answer(1);
    reads.answer(2);
    expect([await a, await b]).toEqual([1, 2]);
  });
});

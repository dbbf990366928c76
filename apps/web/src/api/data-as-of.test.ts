import { describe, expect, it, vi } from 'vitest';
import { createDataAsOfStore } from '@/api/data-as-of';

describe('the data-as-of store', () => {
  it('keeps the last instant per path, forgets it on an answer without one, and tells listeners of changes only', () => {
    const store = createDataAsOfStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.record('/dashboard', '2026-11-29T14:03:27.000Z');
    expect(store.get('/dashboard')).toBe('2026-11-29T14:03:27.000Z');
    expect(store.get('/transactions/economy')).toBeNull();
    store.record('/dashboard', '2026-11-29T14:03:27.000Z');
    expect(listener).toHaveBeenCalledTimes(1);

    store.record('/dashboard', null);
    expect(store.get('/dashboard')).toBeNull();
    store.record('/transactions/economy', null);
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    store.record('/dashboard', '2026-11-29T14:03:28.000Z');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PARCEL_STATUSES } from '../shared/order-statuses';
import {
  canOrderMove,
  canParcelMove,
  ORDER_FINAL_STATUSES,
  ORDER_INITIAL_STATUSES,
  ORDER_TRANSITION_MESSAGES,
  ORDER_TRANSITIONS,
  PARCEL_FINAL_STATUSES,
  PARCEL_INITIAL_STATUS,
  PARCEL_TRANSITIONS,
} from './order-transitions';

const reachable = <S extends string>(starts: readonly S[], table: Record<S, readonly S[]>) => {
  const seen = new Set<S>(starts);
  const queue = [...starts];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const to of table[next]) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
};

describe('the order and parcel transition tables', () => {
  it('cover every spec status, never move a status onto itself, and reach every status', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(PARCEL_TRANSITIONS).sort()).toEqual([...PARCEL_STATUSES].sort());
    for (const status of ORDER_STATUSES) expect(canOrderMove(status, status)).toBe(false);
    for (const status of PARCEL_STATUSES) expect(canParcelMove(status, status)).toBe(false);
    expect(reachable(ORDER_INITIAL_STATUSES, ORDER_TRANSITIONS).size).toBe(ORDER_STATUSES.length);
    expect(reachable([PARCEL_INITIAL_STATUS], PARCEL_TRANSITIONS).size).toBe(PARCEL_STATUSES.length);
  });

  it('end in REFUNDED and CANCELLED (orders) and COLLECTED, DELIVERED, ABANDONED (parcels)', () => {
    expect([...ORDER_FINAL_STATUSES].sort()).toEqual(['CANCELLED', 'REFUNDED']);
    expect([...PARCEL_FINAL_STATUSES].sort()).toEqual(['ABANDONED', 'COLLECTED', 'DELIVERED']);
    // Anything not final may be called off; a delivered order is refunded instead.
    for (const status of ORDER_STATUSES) {
      const final = (ORDER_FINAL_STATUSES as readonly string[]).includes(status);
      expect(canOrderMove(status, 'CANCELLED'), status).toBe(!final && status !== 'FULFILLED');
    }
    expect(canOrderMove('FULFILLED', 'REFUNDED')).toBe(true);
    expect(canOrderMove('POS-ORDERED', 'FULFILLED')).toBe(true);
  });

  it('name both statuses when a move is refused', () => {
    expect(ORDER_TRANSITION_MESSAGES.illegalOrder('FULFILLED', 'PROCESSING')).toBe(
      'An order cannot move from FULFILLED to PROCESSING.',
    );
    expect(ORDER_TRANSITION_MESSAGES.illegalParcel(2, 'DELIVERED', 'PACKED')).toBe(
      'Parcel 2 cannot move from DELIVERED to PACKED.',
    );
  });
});

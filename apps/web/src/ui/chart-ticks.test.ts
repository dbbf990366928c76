import { describe, expect, it } from 'vitest';
import { valueTicks } from './chart-ticks';

describe('valueTicks', () => {
  it('runs from 0 to a round top at or above the highest value, in at most four whole steps', () => {
    expect(valueTicks(0)).toEqual([0]);
    expect(valueTicks(1)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(valueTicks(9)).toEqual([0, 5, 10]);
    expect(valueTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(valueTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });
});

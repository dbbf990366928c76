import { describe, expect, it } from 'vitest';
import { roundsOf } from './pipeline';
import type { EngineEvent } from './types';

const event = (customerId: string, n: number) =>
  ({ id: `${customerId}-${n}`, customerId }) as unknown as EngineEvent;

describe('rounds of a claimed batch', () => {
  it('round k holds each player’s k-th event, in the claim’s order', () => {
    const rounds = roundsOf([event('a', 0), event('b', 0), event('a', 1), event('a', 2), event('b', 1)]);
    expect(rounds.map((round) => round.map((e) => e.id))).toEqual([['a-0', 'b-0'], ['a-1', 'b-1'], ['a-2']]);
  });

  it('one player’s burst is as many rounds as events; one event a player is one round', () => {
    expect(roundsOf(Array.from({ length: 7 }, (_, n) => event('a', n)))).toHaveLength(7);
    expect(roundsOf(Array.from({ length: 7 }, (_, n) => event(`p${n}`, 0)))).toHaveLength(1);
    expect(roundsOf([])).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/database';
import type { ClaimedEvent } from './claim';
import { processClaimed, roundsOf } from './pipeline';
import type { EngineEvent, EngineStep, StepBatch } from './types';

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

/** A transaction whose savepoints only run their callback: enough for what the pipeline decides, not for SQL. */
const fakeTx = () => {
  const tx = { transaction: async (run: (savepoint: unknown) => Promise<unknown>) => run(tx) };
  return tx as unknown as Tx;
};

const claimedOf = (...ids: [string, string][]) =>
  ids.map(([customerId, id]) => ({ id, customerId, type: 'user.logged-in' })) as unknown as ClaimedEvent[];

describe('what steps defer to the end of the batch', () => {
  const deferring = (onApply: (batch: StepBatch) => void) => {
    const finished: unknown[][] = [];
    const step: EngineStep = {
      name: 'deferring',
      apply: async (batch) => {
        onApply(batch);
        for (const event of batch.events) batch.defer(event.id);
      },
      finish: async (_tx, deferred) => {
        finished.push([...deferred]);
      },
    };
    return { step, finished };
  };

  it('is handed to finish once, over every round, only from the runs that were kept', async () => {
    let runs = 0;
    const { step, finished } = deferring((batch) => {
      runs += 1;
      // The first run sets an event aside after effects: it is undone and repeated without it.
      const aside = batch.events.find((event) => event.id === 'b-0');
      if (aside) batch.settle(aside, { kind: 'skipped', reason: 'aside' });
    });
    const result = await processClaimed(
      fakeTx(),
      [step],
      claimedOf(['a', 'a-0'], ['b', 'b-0'], ['a', 'a-1']),
    );
    expect(runs).toBe(3);
    expect(finished).toEqual([]);
    await result.finish();
    expect(finished).toEqual([['a-0', 'a-1']]);
    expect(result.processed.map((event) => event.id)).toEqual(['a-0', 'a-1']);
  });

  it('after a failed batch, only the events that then ran alone and held count', async () => {
    const { step, finished } = deferring((batch) => {
      if (batch.events.some((event) => event.id === 'c-0')) throw new Error('c fails');
    });
    const result = await processClaimed(
      fakeTx(),
      [step],
      claimedOf(['a', 'a-0'], ['c', 'c-0'], ['a', 'a-1']),
    );
    await result.finish();
    expect(finished).toEqual([['a-0', 'a-1']]);
    expect([...result.failures.keys()].map((event) => event.id)).toEqual(['c-0']);
  });

  it('a step that deferred nothing is not finished', async () => {
    const { step, finished } = deferring(() => {});
    const result = await processClaimed(
      fakeTx(),
      [{ ...step, apply: async () => {} }],
      claimedOf(['a', 'a-0']),
    );
    await result.finish();
    expect(finished).toEqual([]);
  });
});

describe('what steps mark for the batch’s later runs', () => {
  /** A step that marks each player it sees and records, per run, which of its players were marked before. */
  const marking = (onApply: (batch: StepBatch) => void = () => {}) => {
    const seen: string[][] = [];
    const step: EngineStep = {
      name: 'marking',
      apply: async (batch) => {
        seen.push(batch.events.map((event) => `${event.id}:${batch.marked(event.customerId)}`));
        for (const event of batch.events) batch.mark(event.customerId);
        onApply(batch);
      },
    };
    return { step, seen };
  };

  it('a later round sees what a kept round marked; a run undone takes its marks with it', async () => {
    const { step, seen } = marking((batch) => {
      const aside = batch.events.find((event) => event.id === 'b-1');
      if (aside) batch.settle(aside, { kind: 'skipped', reason: 'aside' });
    });
    await processClaimed(
      fakeTx(),
      [step],
      claimedOf(['a', 'a-0'], ['a', 'a-1'], ['b', 'b-1'], ['c', 'c-1'], ['c', 'c-2']),
    );
    // Round 1 (a-0, b-1, c-1) is undone for b-1 and repeated: its marks count only from the kept repeat on.
    expect(seen).toEqual([
      ['a-0:false', 'b-1:false', 'c-1:false'],
      ['a-0:false', 'c-1:false'],
      ['a-1:true', 'c-2:true'],
    ]);
  });

  it('a failed batch forgets every mark: each event alone sees only the marks of the events alone before it', async () => {
    const { step, seen } = marking((batch) => {
      if (batch.events.some((event) => event.id === 'c-1')) throw new Error('c fails');
    });
    await processClaimed(fakeTx(), [step], claimedOf(['a', 'a-0'], ['c', 'c-0'], ['a', 'a-1'], ['c', 'c-1']));
    // Round 1 was kept (a and c marked), round 2 failed: alone, a-0 and c-0 see no mark of the undone rounds.
    expect(seen).toEqual([
      ['a-0:false', 'c-0:false'],
      ['a-1:true', 'c-1:true'],
      ['a-0:false'],
      ['c-0:false'],
      ['a-1:true'],
      ['c-1:true'],
    ]);
  });
});

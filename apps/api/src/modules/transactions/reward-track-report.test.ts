import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatistic, sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  type CallAs,
  callAs,
  createApiKey,
  createClientAndSignIn,
  eventFor,
} from '../../../test/factories';
import { exportFileUrl } from '../../../test/report-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let call: CallAs;

const milestone = (index: number, source_value: number, target_value: number) => ({
  name: `milestone ${index + 1}`,
  colour: '#d2a023',
  source_value,
  target_value,
  image_url: `https://cdn.example.com/${index}.png`,
});

const saveTrack = async (name: string, target: string, milestones: ReturnType<typeof milestone>[]) => {
  const res = await call('POST', '/api/reward-tracks', {
    name,
    reward_track_type: 'GENERIC',
    source: 'stamps',
    target,
    milestones,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content._id as string;
};

const rowsOf = async (query: string) => {
  const res = await call('GET', `/api/transactions/reward-tracks?size=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content as { reward_track_name: string; reward_claimed: string }[];
};

/**
 * Rows written the way production writes them: generic tracks on a `stamps` statistic, reached through events.
 * 'Coffee card' is deleted afterwards (its rows keep its name); 'Stamp club' is created and reached by no one.
 */
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  call = callAs(t.app, admin);
  const key = (await createApiKey(t.app, admin)).key;
  await createStatistic(t.app, admin, 'stamps');
  await createStatistic(t.app, admin, 'freeCoffees', 'Last');
  await createStatistic(t.app, admin, 'bonus');
  await createStatistic(t.app, admin, 'perks', 'Last');
  const coffeeCard = await saveTrack('Coffee card', 'freeCoffees', [milestone(0, 5, 1), milestone(1, 10, 2)]);
  await saveTrack('Bonus', 'bonus', [milestone(0, 5, 20)]);
  const customerId = await addCustomer(t.app, admin, { name: 'Thandi', surname: 'Mokoena' });
  await sendAndProcess(t, key, [
    eventFor(customerId, { type: 'statistic.update', data: { name: 'stamps', value: 6 } }),
  ]);
  expect((await call('DELETE', `/api/reward-tracks/${coffeeCard}`)).statusCode).toBe(200);
  await saveTrack('Stamp club', 'perks', [milestone(0, 50, 1)]);
});
afterAll(() => t.close());

describe('reward track transactions report', () => {
  it('shows what each milestone gave as Reward Claimed', async () => {
    expect((await rowsOf('')).map((row) => [row.reward_track_name, row.reward_claimed]).sort()).toEqual([
      ['Bonus', 'bonus 20'],
      ['Coffee card', 'freeCoffees 1'],
    ]);
  });

  it('offers the reward track names the rows carry, a deleted track’s too, and filters by them', async () => {
    const summary = await call('GET', '/api/transactions/reward-tracks/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().content.options.reward_track_name).toEqual(['Bonus', 'Coffee card']);
    const deleted = await rowsOf('&reward_track_name=Coffee%20card');
    expect(deleted.map((row) => row.reward_claimed)).toEqual(['freeCoffees 1']);
  });

  it('exports the rows a top-level filter selects, the nested filters winning over it', async () => {
    const exported = async (payload: Record<string, unknown>) => {
      const ready = await call('POST', '/api/transactions/reward-tracks/export', {
        fields: ['reward_track_name', 'reward_claimed'],
        ...payload,
      });
      expect(ready.statusCode, ready.body).toBe(200);
      const file = await call('GET', exportFileUrl('/api/transactions/reward-tracks/export', ready));
      expect(file.statusCode).toBe(200);
      return file.body.trim().split('\n');
    };
    expect(await exported({ reward_track_name: 'Coffee card' })).toEqual([
      'reward_track_name,reward_claimed',
      'Coffee card,freeCoffees 1',
    ]);
    expect(
      await exported({ reward_track_name: 'Coffee card', filters: { reward_track_name: 'Bonus' } }),
    ).toEqual(['reward_track_name,reward_claimed', 'Bonus,bonus 20']);
    expect(await exported({ reward_track_name: 'Stamp club' })).toEqual(['reward_track_name,reward_claimed']);
  });
});

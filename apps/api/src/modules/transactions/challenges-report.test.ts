import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChallenge, linkChallenge, objective } from '../../../test/challenge-helpers';
import { sendAndProcess } from '../../../test/engine-helpers';
import {
  addCustomer,
  bearer,
  createApiKey,
  createClientAndSignIn,
  eventFor,
  type SignedIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: SignedIn;
let key: string;
let finished: string;
let going: string;
let challengeName: string;

/** Two logins complete the challenge: Thabo logs in twice (finished), Lindiwe once (still going). */
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  key = (await createApiKey(t.app, admin)).key;
  finished = await addCustomer(t.app, admin, { name: 'Thabo', surname: 'Finished' });
  going = await addCustomer(t.app, admin, { name: 'Lindiwe', surname: 'Going' });
  const challenge = await createChallenge(t.app, admin, {
    objectives: [objective({ event_type: 'numberOfLogins', trigger: { trigger_quantity: 2 } })],
  });
  challengeName = challenge.title;
  await linkChallenge(t.app, admin, challenge._id);
  await sendAndProcess(t, key, [eventFor(finished), eventFor(going)]);
  await sendAndProcess(t, key, [eventFor(finished)]);
});
afterAll(() => t.close());

const report = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions/challenges?page=1&size=10${query}`,
    headers: bearer(admin.clientToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().content as { user_name: string; challenge_name: string; challenge_status: string }[]
  ).map((row) => [row.user_name, row.challenge_name, row.challenge_status]);
};

describe('the Challenges Transactions report', () => {
  it('lists one row per player and challenge, saying where they stand: a finished player is one Completed row', async () => {
    expect(await report()).toEqual([
      ['Thabo Finished', challengeName, 'Completed'],
      ['Lindiwe Going', challengeName, 'Active'],
    ]);
    expect(await report('&challenge_status=Active')).toEqual([['Lindiwe Going', challengeName, 'Active']]);
    expect(await report('&challenge_status=Completed')).toEqual([
      ['Thabo Finished', challengeName, 'Completed'],
    ]);
  });

  it('counts the participations and completions the rows show', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/transactions/challenges/summary',
      headers: bearer(admin.clientToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().content.cards as { label: string; value: number | string }[];
    expect(cards.slice(0, 2).map((card) => [card.label, Number(card.value)])).toEqual([
      ['Total Challenges Participated', 2],
      ['Total Challenges Completed', 1],
    ]);
    expect(res.json().content.count).toBe(2);
  });
});

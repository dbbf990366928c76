import { CUSTOMER_SEARCH_COUNT_CAP } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: SignedIn;
const MATCHING = CUSTOMER_SEARCH_COUNT_CAP + 5;
const OTHERS = 20;

/** Many customers at once, by SQL: through the API this many would take most of a minute. */
const seed = (clientId: string, name: string, count: number, offset: number) =>
  t.ctx.database.query(
    `INSERT INTO customers (id, client_id, name, surname, status, member_date, created_at)
     SELECT substr(md5($1 || $2 || g), 1, 24), $1, $2, 'Mokoena', 'ACTIVE', '2026-01-01',
            now() - make_interval(secs => g + $4)
       FROM generate_series(1, $3::int) AS g`,
    [clientId, name, count, offset],
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
  await seed(owner.clientId, 'Thandeka', MATCHING, 0);
  await seed(owner.clientId, 'Sipho', OTHERS, MATCHING);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/client/loyalty/users?${query}`,
    headers: bearer(owner.clientToken),
  });
  expect(res.statusCode).toBe(200);
  return res.json().content as { user_list: { name: string }[]; count: number; count_capped: boolean };
};

describe('the count of a name search', () => {
  it(`stops at ${CUSTOMER_SEARCH_COUNT_CAP} (answered as cap + 1, capped) while the page is exact`, async () => {
    const first = await list('page=1&size=15&search_string=thand');
    expect(first).toMatchObject({ count: CUSTOMER_SEARCH_COUNT_CAP + 1, count_capped: true });
    expect(first.user_list).toHaveLength(15);
    expect(first.user_list.every((row) => row.name === 'Thandeka')).toBe(true);
    // Past the capped count the pages still hold exactly the matches there are.
    const last = await list(`page=${Math.ceil(MATCHING / 5)}&size=5&search_string=thand`);
    expect(last.user_list).toHaveLength(5);
    const beyond = await list(`page=${Math.ceil(MATCHING / 5) + 1}&size=5&search_string=thand`);
    expect(beyond.user_list).toHaveLength(0);
  });

  it('is exact below the cap', async () => {
    expect(await list('page=1&size=15&search_string=sipho')).toMatchObject({
      count: OTHERS,
      count_capped: false,
    });
  });

  it('a plain list keeps the list cap: every customer is counted up to 10,000', async () => {
    expect(await list('page=1&size=15')).toMatchObject({ count: MATCHING + OTHERS, count_capped: false });
  });
});

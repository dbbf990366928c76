import { customerSearchCountCap } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: SignedIn;
const MATCHING = 320;
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
  it('stops ten pages past the page shown (answered as cap + 1, capped), while the page is exact', async () => {
    const first = await list('page=1&size=15&search_string=thand');
    expect(first).toMatchObject({ count: customerSearchCountCap(1, 15) + 1, count_capped: true });
    expect(customerSearchCountCap(1, 15)).toBe(150);
    expect(first.user_list).toHaveLength(15);
    expect(first.user_list.every((row) => row.name === 'Thandeka')).toBe(true);
  });

  it('counts further as the pages go on, so that whether a next page exists is always exact', async () => {
    // Page 11 of 15 (rows 151-165) lies past page 1's count; from there the count reaches 300 (+1).
    const eleventh = await list('page=11&size=15&search_string=thand');
    expect(eleventh).toMatchObject({ count: 301, count_capped: true });
    expect(eleventh.user_list).toHaveLength(15);
    // Page 20 (rows 286-300): only 320 match, so the count is exact and the next page is the last.
    const twentieth = await list('page=20&size=15&search_string=thand');
    expect(twentieth).toMatchObject({ count: MATCHING, count_capped: false });
    const last = await list('page=22&size=15&search_string=thand');
    expect(last.user_list).toHaveLength(MATCHING - 21 * 15);
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

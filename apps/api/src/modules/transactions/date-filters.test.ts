import { DATE_MESSAGES } from '@laurel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createClientAndSignIn, type SignedIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Date filters PostgreSQL cannot store (year 0, or 9999-12-31 shifted past year 9999 by a time zone) answered 500,
 * and impossible days (2026-02-30) were rolled over to March. Every route that takes a date filter shares the
 * contract's date, so each answers 400 naming the field.
 */

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createClientAndSignIn(t.app, { plan: 'BUSINESS' });
});
afterAll(() => t.close());

const REPORTS = [
  '/api/transactions/economy',
  '/api/transactions/challenges',
  '/api/transactions/badges',
  '/api/transactions/reward-tracks',
  '/api/rewards/redemptions',
];
const USER = 'a'.repeat(24);
/** Every GET with date filters, and the names of its start and end filters. */
const LISTS: [url: string, start: string, end: string][] = [
  ...REPORTS.flatMap((base): [string, string, string][] => [
    [base, 'start_date', 'end_date'],
    [`${base}/summary`, 'start_date', 'end_date'],
  ]),
  ['/api/audit-log', 'start_date', 'end_date'],
  ['/api/v2/client/loyalty/users', 'start_date', 'end_date'],
  ['/api/v2/client/basket/list', 'from_date', 'to_date'],
  [`/api/v2/user/basket/list?user_id=${USER}`, 'from_date', 'to_date'],
];
const BAD_DATES: [date: string, message: string][] = [
  ['0000-01-01', DATE_MESSAGES.outOfRange],
  ['9999-12-31', DATE_MESSAGES.outOfRange],
  ['2026-02-30', DATE_MESSAGES.notReal],
  ['2026-2-3', DATE_MESSAGES.format],
];

const errorsOf = (body: string) => JSON.parse(body).content.errors as { field: string; message: string }[];

describe('date filters', () => {
  it.each(LISTS)('%s refuses a date it cannot use with 400, naming the field', async (url, start, end) => {
    for (const [date, message] of BAD_DATES) {
      for (const field of [start, end]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}${field}=${date}`,
          headers: bearer(admin.clientToken),
        });
        expect(res.statusCode, `${field}=${date}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(message);
        expect(errorsOf(res.body)).toEqual([{ field, message }]);
      }
    }
    const fine = await t.app.inject({
      method: 'GET',
      url: `${url}${url.includes('?') ? '&' : '?'}${start}=1900-01-01&${end}=2999-12-31`,
      headers: bearer(admin.clientToken),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it.each(REPORTS)('%s/export refuses them at the top level and in `filters`', async (base) => {
    for (const [date, message] of BAD_DATES) {
      for (const [payload, field] of [
        [{ start_date: date }, 'start_date'],
        [{ filters: { end_date: date } }, 'filters.end_date'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${base}/export`,
          headers: bearer(admin.clientToken),
          payload,
        });
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
        expect(errorsOf(res.body)).toEqual([{ field, message }]);
      }
    }
  });
});

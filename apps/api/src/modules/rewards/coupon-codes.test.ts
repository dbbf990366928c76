import { randomBytes } from 'node:crypto';
import { REWARD_MESSAGES as M, type TRewardRedemption } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-sql';
import { issuedCodeRedemption } from './redemptions.service';
import { rewardsTestKit } from './rewards-test-kit';

const { kit, createReward, fundedCustomer, redeem, asKey, uploadCodes } = rewardsTestKit();

const POOL = { source: 'pool', value_type: 'percent', value: 10, valid_days: 7 };
const tagged = () => randomBytes(3).toString('hex');
const use = (code: string) => asKey('POST', `/api/v1/coupons/${encodeURIComponent(code)}/use`, {});

/** A pool reward holding `codes` (in that order), every one issued to a funded customer. */
const issuedPool = async (codes: string[]) => {
  const reward = await createReward({ coupon: POOL });
  const upload = await uploadCodes(reward._id, codes.join('\n'));
  expect(upload.json().content).toMatchObject({ added: codes.length, skipped: 0, repeated: 0 });
  const customer = await fundedCustomer(50 * codes.length);
  const byCode = new Map<string, string>();
  for (const _ of codes) {
    const redemption = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    byCode.set(redemption.coupon_code as string, redemption._id);
  }
  return byCode;
};

describe('a coupon typed at the till in another case', () => {
  it('finds a generated code in lower or mixed case', async () => {
    const reward = await createReward();
    const customer = await fundedCustomer(100);
    const first = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const code = first.coupon_code as string;
    expect(code).toBe(code.toUpperCase());
    const lower = await use(code.toLowerCase());
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().content).toMatchObject({ _id: first._id, status: 'used', coupon_code: code });

    const second = (await redeem(customer, reward._id)).json().content as TRewardRedemption;
    const mixed = [...(second.coupon_code as string)].map((c, i) => (i % 2 ? c.toLowerCase() : c)).join('');
    const used = await use(mixed);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().content._id).toBe(second._id);
    expect((await use(code.toLowerCase())).json().message).toBe(M.couponUsed);
  });

  it('finds a pool code in another case when only one issued code matches it', async () => {
    const code = `Partner-${tagged()}-Solo`;
    const id = (await issuedPool([code])).get(code);
    const res = await use(code.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ _id: id, coupon_code: code });
  });

  it('tells pool codes differing only by case apart by exact case, and finds none for a third spelling', async () => {
    const tag = tagged();
    const [lower, upper] = [`abc-${tag}-x`, `ABC-${tag}-X`];
    const ids = await issuedPool([lower, upper]);
    const ambiguous = await use(`Abc-${tag}-x`);
    expect(ambiguous.statusCode).toBe(404);
    expect(ambiguous.json().message).toBe(M.couponNotFound);
    const exactLower = await use(lower);
    expect(exactLower.statusCode, exactLower.body).toBe(200);
    expect(exactLower.json().content._id).toBe(ids.get(lower));
    const exactUpper = await use(upper);
    expect(exactUpper.statusCode, exactUpper.body).toBe(200);
    expect(exactUpper.json().content._id).toBe(ids.get(upper));
  });

  it('reads the code by one lookup of the client’s upper-case code index, not a scan', async () => {
    const plan = await kit.setup.t.ctx.database.db.transaction(async (tx) => {
      // A test client's few codes would be read by a scan anyway: what matters is that the index serves the lookup.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = await rowsOf<Record<string, string>>(
        tx,
        sql`EXPLAIN ${issuedCodeRedemption(kit.setup.admin.clientId, 'abcd-1234')}`,
      );
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });
    expect(plan).toContain('reward_codes_client_upper_code_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('uploading a pool', () => {
  it('says how many lines repeated a code of the file and how many codes were known before', async () => {
    const reward = await createReward({ coupon: POOL });
    const tag = tagged();
    const first = await uploadCodes(reward._id, `code\nP-${tag}-1\nP-${tag}-2\n`);
    expect(first.json().content).toMatchObject({ added: 2, skipped: 0, repeated: 0 });
    expect(first.json().message).toBe('2 codes added.');
    const csv = [`P-${tag}-2`, `P-${tag}-3`, `P-${tag}-3`, `P-${tag}-4`, `P-${tag}-3`, `P-${tag}-5`].join(
      '\r\n',
    );
    const second = await uploadCodes(reward._id, csv);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().content).toMatchObject({
      added: 3,
      skipped: 1,
      repeated: 2,
      reward: { codes_total: 5, codes_left: 5 },
    });
    expect(second.json().message).toBe('3 codes added; 2 repeated in the file and 1 already known skipped.');
    const repeatsOnly = await uploadCodes(reward._id, `P-${tag}-6\nP-${tag}-6\n`);
    expect(repeatsOnly.json().message).toBe('1 code added; 1 repeated in the file skipped.');
  });
});

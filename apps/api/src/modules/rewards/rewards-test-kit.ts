import { randomBytes } from 'node:crypto';
import type { TReward } from '@laurel/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCurrency } from '../../../test/economy-helpers';
import { addCustomer, bearer } from '../../../test/factories';
import { createClientApp } from '../../../test/test-app';

/**
 * A GROWTH client with an API key and a currency (made before the file's tests, closed after them), and the rewards
 * tests' factories: a reward, a funded customer, a redemption, a call with the key, a pool upload.
 */
export const rewardsTestKit = () => {
  const kit = {} as {
    setup: Awaited<ReturnType<typeof createClientApp>>;
    currency: { _id: string; code: string };
  };
  beforeAll(async () => {
    kit.setup = await createClientApp('GROWTH');
    kit.currency = await createCurrency(kit.setup.t.app, kit.setup.admin, { name: 'Stars' });
  });
  afterAll(() => kit.setup.t.close());

  const rewardBody = (overrides: Record<string, unknown> = {}) => ({
    name: `Free coffee ${randomBytes(2).toString('hex')}`,
    description: 'Any size, any branch',
    type: 'coupon',
    cost: { currency: kit.currency._id, amount: 50 },
    coupon: { source: 'generated', value_type: 'amount', value: 35, valid_days: 30 },
    ...overrides,
  });

  const createReward = async (overrides: Record<string, unknown> = {}) => {
    const res = await kit.setup.call('POST', '/api/rewards', rewardBody(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().content as TReward;
  };

  const fundedCustomer = async (amount: number) => {
    const id = await addCustomer(kit.setup.t.app, kit.setup.admin);
    if (amount > 0) {
      const res = await kit.setup.call('POST', `/api/economy/customers/${id}/adjustments`, {
        currency: kit.currency._id,
        direction: 'credit',
        amount,
        reason: 'Welcome gift',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return id;
  };

  const redeem = (customerId: string, rewardId: string, id = `r-${randomBytes(6).toString('hex')}`) =>
    kit.setup.t.app.inject({
      method: 'POST',
      url: `/api/v1/players/${customerId}/redemptions`,
      headers: { 'x-api-key': kit.setup.key },
      payload: { id, reward_id: rewardId },
    });

  const asKey = (method: InjectOptions['method'], url: string, payload?: object) =>
    kit.setup.t.app.inject({
      method,
      url,
      headers: { 'x-api-key': kit.setup.key },
      ...(payload ? { payload } : {}),
    });

  /** A pool's codes sent as a text/csv body. */
  const uploadCodes = (rewardId: string, csv: string) =>
    kit.setup.t.app.inject({
      method: 'POST',
      url: `/api/rewards/${rewardId}/codes`,
      headers: { ...bearer(kit.setup.admin.clientToken), 'content-type': 'text/csv' },
      payload: csv,
    });

  return { kit, rewardBody, createReward, fundedCustomer, redeem, asKey, uploadCodes };
};

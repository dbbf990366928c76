import { ZSaveRewardRequest } from '@laurel/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { rowsOf } from '../db/raw-sql';
import type { Principal } from '../http/auth/principal';
import type { Actor } from '../modules/audit/audit';
import { createRedemptionsService } from '../modules/rewards/redemptions.service';
import { createRewardsService } from '../modules/rewards/rewards.service';

/**
 * The demo's rewards catalogue, paid in Bean Bucks: a free coffee coupon (generated codes), a branded mug (stock
 * 40, one a customer) and a pool of partner vouchers; then the best-funded customers redeem a few, through the
 * rewards area's own services, so the catalogue, the profiles and the Redemptions report have something to show.
 */
export const seedDemoRewards = async (ctx: AppContext, principal: Principal, actor: Actor) => {
  const { db } = ctx.database;
  const [currency] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM currencies WHERE client_id = ${actor.clientId} AND code = 'BNB' AND deleted_at IS NULL`,
  );
  if (!currency) return;
  const rewards = createRewardsService(db);
  const coffee = await rewards.create(
    actor,
    ZSaveRewardRequest.parse({
      name: 'Free flat white',
      description: 'Any size, at any Bean There branch. Show the code at the till.',
      type: 'coupon',
      cost: { currency: currency.id, amount: 30 },
      coupon: { source: 'generated', value_type: 'amount', value: 38, valid_days: 30 },
    }),
  );
  const mug = await rewards.create(
    actor,
    ZSaveRewardRequest.parse({
      name: 'Bean There enamel mug',
      description: 'Our camp mug in cream enamel, collected at your branch.',
      type: 'physical',
      cost: { currency: currency.id, amount: 120 },
      stock: 40,
      per_customer_limit: 1,
    }),
  );
  const vouchers = await rewards.create(
    actor,
    ZSaveRewardRequest.parse({
      name: 'Partner bakery voucher',
      description: '15% off at Crumb & Co. bakeries, from our partner pool.',
      type: 'coupon',
      cost: { currency: currency.id, amount: 45 },
      coupon: { source: 'pool', value_type: 'percent', value: 15, valid_days: 60 },
    }),
  );
  const codes = Array.from({ length: 24 }, (_, i) => `CRUMB-${String(4100 + i * 37)}`).join('\n');
  await rewards.uploadCodes(actor, vouchers._id, `code\n${codes}\n`);

  const funded = await rowsOf<{ customer_id: string; balance: string }>(
    db,
    sql`SELECT customer_id, balance::text FROM wallets WHERE currency_id = ${currency.id} AND balance >= 30
        ORDER BY balance DESC, customer_id LIMIT 8`,
  );
  const redemptions = createRedemptionsService(db);
  for (const [index, wallet] of funded.entries()) {
    let left = Number(wallet.balance);
    for (const reward of [mug, vouchers, coffee]) {
      if (left < reward.cost.amount || (reward === mug && index % 3 !== 0)) continue;
      const { redemption } = await redemptions.redeem(
        principal,
        wallet.customer_id,
        { id: `demo-${reward._id}-${index}`, reward_id: reward._id },
        actor,
      );
      // Some coupons were already taken at the till.
      if (redemption.coupon_code && index % 3 === 1)
        await redemptions.useCoupon(principal, redemption.coupon_code, `demo-order-${index}`);
      left -= reward.cost.amount;
    }
  }
};

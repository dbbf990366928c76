import { ZSaveCurrencyRequest, ZSaveEarnConfigRequest } from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { productCategories, segments } from '../db/schema';
import type { Actor } from '../modules/audit/audit';
import { createCurrenciesService } from '../modules/economy/currencies.service';
import { createEarnConfigsService } from '../modules/economy/earn-configs.service';

/**
 * The demo business's economy: a 'Bean Bucks' currency (one to the rand, earned amounts expire after a year),
 * 5% cashback for every player on everything but beans and merchandise, and 1 XP per R5 spent. Made through the
 * economy's services before the activity, so the demo's orders earn balances and XP (and so levels and tiers).
 */
export const seedDemoEconomy = async (ctx: AppContext, actor: Actor) => {
  const { db } = ctx.database;
  const [allPlayers] = await db
    .select({ id: segments.id })
    .from(segments)
    .where(and(eq(segments.clientId, actor.clientId), eq(segments.name, 'AllPlayers')));
  if (!allPlayers) throw new Error('the demo business has no AllPlayers segment');
  const [merchandise] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(eq(productCategories.clientId, actor.clientId), eq(productCategories.name, 'Beans & Merchandise')),
    );
  const currency = await createCurrenciesService(db).create(
    actor,
    ZSaveCurrencyRequest.parse({
      type: 'custom',
      name: 'Bean Bucks',
      code: 'BNB',
      conversion_rate: 1,
      icon: { name: 'mug-hot', prefix: 'fas' },
      expiry_policy: 'after_days',
      expiry_days: 365,
    }),
  );
  const earnConfigs = createEarnConfigsService(db);
  await earnConfigs.create(
    actor,
    ZSaveEarnConfigRequest.parse({
      type: 'Currency',
      trigger_value: 100,
      earn_amount: 5,
      segment_id: allPlayers.id,
      earn_target: currency._id,
      exclude_type: 'category',
      excluded_category_ids: merchandise ? [merchandise.id] : null,
    }),
  );
  await earnConfigs.create(
    actor,
    ZSaveEarnConfigRequest.parse({
      type: 'Statistic',
      trigger_value: 5,
      earn_amount: 1,
      segment_id: allPlayers.id,
    }),
  );
  ctx.log.info({ currency: currency.name }, 'demo economy created');
};

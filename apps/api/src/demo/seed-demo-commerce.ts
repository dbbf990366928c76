import {
  toIsoDate,
  ZRedeemSubscriptionRequest,
  ZSaveCategoryRequest,
  ZSaveProductRequest,
  ZSaveSubscriptionRequest,
} from '@laurel/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { customers } from '../db/schema';
import type { Principal } from '../http/auth/principal';
import type { Actor } from '../modules/audit/audit';
import { createCategoriesService } from '../modules/products/categories.service';
import { createProductsService } from '../modules/products/products.service';
import { createCustomerSubscriptionsService } from '../modules/subscriptions/customer-subscriptions.service';
import { createRedemptionsService } from '../modules/subscriptions/redemptions.service';
import { createSubscriptionsService } from '../modules/subscriptions/subscriptions.service';

/** A coffee shop's menu: category, then [title, SKU, price in rand]. */
const CATALOGUE: { name: string; description: string; products: [string, string, number][] }[] = [
  {
    name: 'Coffee',
    description: 'Espresso drinks and filter coffee, single origin on rotation',
    products: [
      ['Espresso', 'COF-ESP', 24],
      ['Double Espresso', 'COF-DES', 30],
      ['Americano', 'COF-AME', 28],
      ['Cappuccino', 'COF-CAP', 36],
      ['Flat White', 'COF-FLW', 38],
      ['Latte', 'COF-LAT', 40],
      ['Cortado', 'COF-COR', 32],
      ['Mocha', 'COF-MOC', 44],
      ['Filter Coffee', 'COF-FIL', 26],
    ],
  },
  {
    name: 'Tea & Infusions',
    description: 'Loose-leaf teas, rooibos and chai',
    products: [
      ['Rooibos', 'TEA-ROO', 24],
      ['Red Cappuccino', 'TEA-RCA', 36],
      ['Earl Grey', 'TEA-EGR', 26],
      ['Green Tea', 'TEA-GRN', 26],
      ['Chai Latte', 'TEA-CHA', 40],
      ['Hot Chocolate', 'TEA-HCH', 38],
    ],
  },
  {
    name: 'Cold Drinks',
    description: 'Iced coffee, cold brew, smoothies and juices',
    products: [
      ['Iced Latte', 'CLD-ILA', 44],
      ['Cold Brew', 'CLD-CBR', 42],
      ['Iced Tea', 'CLD-ITE', 34],
      ['Berry Smoothie', 'CLD-BSM', 58],
      ['Fresh Orange Juice', 'CLD-FOJ', 39],
      ['Sparkling Water', 'CLD-SPW', 22],
      ['Freezochino', 'CLD-FRZ', 52],
    ],
  },
  {
    name: 'Bakery',
    description: 'Baked every morning in each branch',
    products: [
      ['Butter Croissant', 'BAK-CRO', 28],
      ['Almond Croissant', 'BAK-ALC', 36],
      ['Pain au Chocolat', 'BAK-PAC', 34],
      ['Blueberry Muffin', 'BAK-BMU', 32],
      ['Carrot Cake Slice', 'BAK-CCS', 48],
      ['Cheese Scone', 'BAK-CSC', 30],
      ['Banana Bread', 'BAK-BNB', 34],
    ],
  },
  {
    name: 'Breakfast',
    description: 'Served until 11:30',
    products: [
      ['Avo Toast', 'BRK-AVO', 78],
      ['Eggs Benedict', 'BRK-EGB', 95],
      ['Granola Bowl', 'BRK-GRA', 68],
      ['Bacon & Egg Roll', 'BRK-BER', 62],
      ['Toasted Cheese & Tomato', 'BRK-TCT', 55],
      ['Shakshuka', 'BRK-SHK', 88],
    ],
  },
  {
    name: 'Beans & Merchandise',
    description: 'Whole beans, ground coffee and gear to take home',
    products: [
      ['House Blend Beans 250 g', 'RET-HB250', 145],
      ['House Blend Beans 1 kg', 'RET-HB1K', 480],
      ['Ethiopia Yirgacheffe 250 g', 'RET-ETH250', 185],
      ['Decaf Beans 250 g', 'RET-DEC250', 155],
      ['Reusable Cup', 'RET-CUP', 195],
      ['French Press', 'RET-FRP', 420],
    ],
  },
];

/** A realistic catalogue and two subscription plans for the demo business, through the areas' own services. */
export const seedDemoCommerce = async (ctx: AppContext, principal: Principal, actor: Actor) => {
  const { db } = ctx.database;
  const categoriesService = createCategoriesService(db);
  const productsService = createProductsService(db);
  const idsByCategory = new Map<string, string[]>();
  const categoryIds = new Map<string, string>();
  for (const [position, category] of CATALOGUE.entries()) {
    const created = await categoriesService.create(
      actor,
      ZSaveCategoryRequest.parse({ name: category.name, description: category.description }),
    );
    categoryIds.set(category.name, created._id);
    const ids: string[] = [];
    for (const [index, [title, sku, price]] of category.products.entries()) {
      const product = await productsService.create(
        actor,
        ZSaveProductRequest.parse({
          title,
          sku,
          pid: `POS-${String(100 * (position + 1) + index + 1)}`,
          price,
          category_ids: [created._id],
        }),
      );
      ids.push(product._id);
    }
    idsByCategory.set(category.name, ids);
  }

  const plans = createSubscriptionsService(db);
  const coffeeIds = idsByCategory.get('Coffee') ?? [];
  const coffeeClub = await plans.create(
    principal,
    actor,
    ZSaveSubscriptionRequest.parse({
      name: 'Daily Coffee Club',
      description: 'One barista coffee a day, any size, at every branch',
      sku: 'SUB-COFFEE-CLUB',
      notes: 'Most popular with office regulars',
      price: 499,
      period: 'MONTHLY',
      type: 'ONGOING',
      apply_to: 'COMPOUND',
      primary_products: coffeeIds.slice(3, 6),
      products: coffeeIds,
      start_date: '2025-01-01',
      expires_in: 30,
      auto_renewal: true,
      is_new: false,
      payment_type: 'PRE_PAYMENT',
      subscription_usage_type: 'SELECTIVE_USAGE',
      on_payment_failure: 'RETRY',
      retry_days: 3,
      retry_count: 2,
      pause_while_retrying: true,
      max_redemptions_per_day: 1,
      max_redemptions_per_period: 31,
      status: 'ACTIVE',
    }),
  );
  const pastryPass = await plans.create(
    principal,
    actor,
    ZSaveSubscriptionRequest.parse({
      name: 'Pastry Pass',
      description: 'Five pastries a week from the bakery counter; the first week is on us',
      sku: 'SUB-PASTRY-PASS',
      price: 149,
      period: 'WEEKLY',
      type: 'ONGOING',
      apply_to: 'CATEGORY',
      categories: [categoryIds.get('Bakery')],
      start_date: toIsoDate(new Date()),
      expires_in: 7,
      free_trial: true,
      trial_period: 7,
      trial_conversion: true,
      is_new: true,
      cheapest_only: true,
      carry_over: false,
      payment_type: 'POST_PAYMENT',
      subscription_usage_type: 'SELECTIVE_USAGE',
      on_payment_failure: 'PAUSE',
      max_redemptions_per_period: 5,
      status: 'ACTIVE',
    }),
  );

  // A few members hold them and have used them, so the subscription figures are real.
  const members = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.clientId, principal.clientId))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(10);
  const holdings = createCustomerSubscriptionsService(ctx);
  const redemptions = createRedemptionsService(db);
  const bakery = CATALOGUE.find((category) => category.name === 'Bakery')?.products ?? [];
  const coffee = CATALOGUE.find((category) => category.name === 'Coffee')?.products ?? [];
  for (const [index, member] of members.entries()) {
    const plan = index % 3 === 2 ? pastryPass : coffeeClub;
    await holdings.issue(principal, actor, { user_id: member.id, subscription_id: plan._id });
    const menu = plan === pastryPass ? bakery : coffee;
    const item = menu[index % menu.length];
    if (index % 4 === 3 || !item) continue;
    await redemptions.redeem(
      principal,
      plan._id,
      ZRedeemSubscriptionRequest.parse({
        id: `demo-redemption-${index + 1}`,
        customer: { _id: member.id },
        sku: item[1],
        price: plan === pastryPass ? item[2] : 0,
        redemption_method: index % 2 === 0 ? 'POS' : 'APP',
      }),
    );
  }
  ctx.log.info(
    { categories: CATALOGUE.length, products: CATALOGUE.reduce((n, c) => n + c.products.length, 0) },
    'demo catalogue and subscriptions created',
  );
};

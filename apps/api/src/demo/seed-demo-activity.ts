import { ZCreateOrderRequest, ZUpdateOrderRequest, ZUpsertBasketRequest } from '@laurel/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { customers, products } from '../db/schema';
import { ingestEvents } from '../engine';
import type { Principal } from '../http/auth/principal';
import type { Actor } from '../modules/audit/audit';
import { createBadgesService } from '../modules/badges/badges.service';
import { createBasketsService } from '../modules/baskets/baskets.service';
import { createOrderIntake } from '../modules/orders/order-intake.service';
import { createOrderStatusService } from '../modules/orders/order-status.service';
import { createSegmentsService } from '../modules/segments/segments.service';
import { createStatisticsService } from '../modules/statistics/statistics.service';

const DAY_MS = 86_400_000;
const BLENDS = [1, 2, 3, 4];

const THEME = {
  primary: '#d2a023',
  name: '#d2a023',
  sub_copy: '#000000',
  background: '#FFFFFF',
  icon: '#FFFFFF',
};

/** Badges with library icons and segments that grant them, made before the activity so players earn them. */
const seedDemoSegments = async (ctx: AppContext, actor: Actor) => {
  const badges = createBadgesService(ctx.database.db);
  const segments = createSegmentsService(ctx.database.db, () => ctx.engine.wake());
  const badge = (
    name: string,
    icon: string,
    description: string,
    sub_copy: string,
    extra: Record<string, unknown> = {},
  ) =>
    badges.create(actor, {
      name,
      description,
      sub_copy,
      quantity_limited: false,
      quantity: 0,
      dates_enabled: false,
      icon: { name: icon, prefix: 'fas' },
      theme: THEME,
      category: 'Achievement',
      level: 1,
      ...extra,
    });
  const regular = await badge('Regular', 'mug-hot', 'Came back five times', 'You are one of us now');
  const bigSpender = await badge(
    'Big Spender',
    'sack-dollar',
    'Spent R 500 or more',
    'Thank you for your loyalty',
    {
      category: 'Milestone',
      level: 2,
    },
  );
  const collector = await badge(
    'Stamp Collector',
    'stamp',
    'Six stamps in one week',
    'A free coffee is on us',
    {
      quantity_limited: true,
      quantity: 20,
      category: 'Event-based',
    },
  );
  const statistic = (statistic_name: string, comparison: 'GreaterThanOrEqual', filter_value: number) => ({
    type: 'statistic' as const,
    statistic_name,
    comparison,
    filter_value,
  });
  const grant = (item_id: string) => [
    { type: 'grant_item' as const, trigger: 'entered' as const, item_id, quantity: 1 },
  ];
  await segments.create(actor, {
    name: 'Regulars',
    description: 'Customers who have logged in at least five times',
    filters: [statistic('numberOfLogins', 'GreaterThanOrEqual', 5)],
    actions: grant(regular._id),
  });
  await segments.create(actor, {
    name: 'Big spenders',
    description: 'R 500 or more in orders',
    filters: [statistic('totalOrderValue', 'GreaterThanOrEqual', 500)],
    actions: grant(bigSpender._id),
  });
  await segments.create(actor, {
    name: 'Coffee lovers',
    description: 'Six or more stamps this week, or a favourite blend on record',
    filters: [statistic('coffeeStamps', 'GreaterThanOrEqual', 6)],
    actions: grant(collector._id),
  });
};

/**
 * The orders go through the orders API's own services: each is created with its order.created event, moved to
 * PROCESSING and FULFILLED (most of them), a few refunded; then a few baskets, one of them a guest's.
 */
const seedDemoOrders = async (
  ctx: AppContext,
  principal: Principal,
  actor: Actor,
  orders: (Record<string, unknown> & { order_id: string; refund: boolean })[],
  people: { id: string; memberBranchId: string | null }[],
  menu: { sku: string; priceMinor: number }[],
  random: (below: number) => number,
) => {
  const intake = createOrderIntake(ctx);
  const statuses = createOrderStatusService(ctx);
  const oldestFirst = [...orders].sort((a, b) => String(a.ordered_at).localeCompare(String(b.ordered_at)));
  for (const [position, { refund, ...order }] of oldestFirst.entries()) {
    await intake.create(principal, ZCreateOrderRequest.parse(order));
    // The latest few are still open, as a real day's orders would be.
    if (position >= oldestFirst.length - 4) continue;
    // Each move dated after the order, as it happened then (a refund two days on), never in the future.
    const orderedAt = new Date(String(order.ordered_at)).getTime();
    const move = (status: 'PROCESSING' | 'FULFILLED' | 'REFUNDED', minutesLater: number) =>
      statuses.change(principal, actor, order.order_id, {
        ...ZUpdateOrderRequest.parse({ status }),
        at: new Date(Math.min(Date.now(), orderedAt + minutesLater * 60_000)),
      });
    await move('PROCESSING', 5);
    await move('FULFILLED', 25);
    if (refund) await move('REFUNDED', 2 * 24 * 60);
  }
  const baskets = createBasketsService(ctx);
  const basketItems = () =>
    Array.from({ length: 1 + random(3) }, () => {
      const product = menu[random(menu.length)] as (typeof menu)[number];
      return { sku: product.sku, quantity: 1 + random(2), price: product.priceMinor / 100 };
    });
  for (const [index, person] of people.slice(0, 8).entries()) {
    await baskets.upsert(
      principal,
      ZUpsertBasketRequest.parse({
        basket_id: `APP-CART-${1000 + index}`,
        customer: { _id: person.id },
        branch_id: person.memberBranchId,
        type: index % 3 === 0 ? 'DELIVERY' : 'COLLECTION',
        status: index % 4 === 3 ? 'ABANDONED' : 'OPEN',
        items: basketItems(),
      }),
    );
  }
  await baskets.upsert(
    principal,
    ZUpsertBasketRequest.parse({ basket_id: 'WEB-GUEST-1', type: 'COLLECTION', items: basketItems() }),
  );
};

/** A small deterministic generator, so every newcomer's demo shows the same programme. */
const generator = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
};

/**
 * Three months of activity for the demo business, stored by the engine's own ingestion (what `POST /api/v1/events`
 * runs) and the commerce services (what `POST /api/v1/orders` and `/api/v1/baskets` run), and processed by the
 * engine, so every figure the console shows is computed, not typed in: the client's own statistics, logins,
 * orders from the catalogue (moved along their statuses, a few refunded), baskets, QR scans and referrals. One event names a statistic that does
 * not exist, so the Event Log shows what a parked event looks like.
 */
export const seedDemoActivity = async (
  ctx: AppContext,
  principal: Principal,
  actor: Actor,
  now = new Date(),
) => {
  const { clientId } = actor;
  const statistics = createStatisticsService(ctx.database.db, () => ctx.engine.wake());
  await statistics.create(actor, clientId, {
    name: 'coffeeStamps',
    aggregation_method: 'Sum',
    reset_interval: 'Week',
  });
  await statistics.create(actor, clientId, {
    name: 'favouriteBlend',
    aggregation_method: 'Last',
    reset_interval: 'Manual',
  });
  await statistics.create(actor, clientId, {
    name: 'largestOrder',
    aggregation_method: 'Max',
    reset_interval: 'Month',
  });
  await seedDemoSegments(ctx, actor);

  const people = await ctx.database.db
    .select({ id: customers.id, memberBranchId: customers.memberBranchId })
    .from(customers)
    .where(eq(customers.clientId, clientId))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  const menu = await ctx.database.db
    .select({ sku: products.sku, priceMinor: products.priceMinor })
    .from(products)
    .where(eq(products.clientId, clientId))
    .orderBy(asc(products.sku));
  const random = generator(42);
  const events: Record<string, unknown>[] = [];
  const orders: (Record<string, unknown> & { order_id: string; refund: boolean })[] = [];
  let serial = 0;
  const at = (daysAgo: number) =>
    new Date(
      now.getTime() - daysAgo * DAY_MS - (7 + random(12)) * 3_600_000 - random(60) * 60_000,
    ).toISOString();
  const add = (customerId: string, type: string, occurredAt: string, data: Record<string, unknown> = {}) => {
    serial += 1;
    events.push({
      id: `demo-${String(serial).padStart(5, '0')}`,
      type,
      customer: { _id: customerId },
      occurred_at: occurredAt,
      data,
    });
  };

  for (const [index, person] of people.entries()) {
    // Regulars, occasional visitors and a few who have not been back: real programmes are uneven.
    const visits = index % 5 === 4 ? 0 : 2 + random(index % 3 === 0 ? 14 : 6);
    for (let visit = 0; visit < visits; visit++) {
      const occurredAt = at(random(90));
      add(person.id, 'user.logged-in', occurredAt, { channel: visit % 3 === 0 ? 'web' : 'app' });
      if (random(3) === 0 || menu.length === 0) continue;
      const orderId = `BT-${String(10_000 + serial)}`;
      const items = Array.from({ length: 1 + random(3) }, () => {
        const product = menu[random(menu.length)] as (typeof menu)[number];
        return { sku: product.sku, quantity: 1 + random(2), price: product.priceMinor / 100 };
      });
      const total = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
      orders.push({
        order_id: orderId,
        customer: { _id: person.id },
        branch_id: person.memberBranchId,
        method: random(4) === 0 ? 'DELIVERY' : 'COLLECTION',
        payment_method: random(3) === 0 ? 'WALLET' : 'CARD',
        items,
        ordered_at: occurredAt,
        refund: random(12) === 0,
      });
      add(person.id, 'statistic.update', occurredAt, { name: 'coffeeStamps', value: 1 + random(2) });
      add(person.id, 'statistic.update', occurredAt, {
        name: 'largestOrder',
        value: Math.round(total * 100) / 100,
      });
      add(person.id, 'statistic.update', occurredAt, {
        name: 'favouriteBlend',
        value: BLENDS[random(BLENDS.length)],
      });
      if (random(5) === 0) add(person.id, 'qr.scanned', occurredAt, { code: `TABLE-${1 + random(12)}` });
    }
    if (index % 7 === 1) add(person.id, 'referral', at(random(20)), { referred: `friend-${index}` });
  }
  const first = people[0];
  if (first) add(first.id, 'statistic.update', at(1), { name: 'loyaltyPoints', value: 25 });

  for (let start = 0; start < events.length; start += 500) {
    await ingestEvents(ctx.database.db, clientId, events.slice(start, start + 500));
  }
  await seedDemoOrders(ctx, principal, actor, orders, people, menu, random);
  await ctx.engine.drain();
  ctx.log.info({ events: events.length, orders: orders.length }, 'demo activity processed');
};

import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context';
import { customers } from '../db/schema';
import { ingestEvents } from '../engine';
import type { Actor } from '../modules/audit/audit';
import { createStatisticsService } from '../modules/statistics/statistics.service';

const DAY_MS = 86_400_000;
const BLENDS = [1, 2, 3, 4];

/** A small deterministic generator, so every newcomer's demo shows the same programme. */
const generator = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
};

/**
 * Four weeks of activity for the demo business, stored by the engine's own ingestion (what `POST /api/v1/events`
 * runs) and processed by the engine, so every figure the console shows is computed, not typed in: the client's
 * own statistics, logins, orders (a few refunded), QR scans and referrals. One event names a statistic that does
 * not exist, so the Event Log shows what a parked event looks like.
 */
export const seedDemoActivity = async (ctx: AppContext, actor: Actor, now = new Date()) => {
  const { clientId } = actor;
  const statistics = createStatisticsService(ctx.database.db);
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

  const people = await ctx.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.clientId, clientId))
    .orderBy(asc(customers.createdAt), asc(customers.id));
  const random = generator(42);
  const events: Record<string, unknown>[] = [];
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
      const occurredAt = at(random(28));
      add(person.id, 'user.logged-in', occurredAt, { channel: visit % 3 === 0 ? 'web' : 'app' });
      if (random(3) === 0) continue;
      const orderId = `BT-${String(10_000 + serial)}`;
      const total = (3_500 + random(14_500)) / 100;
      add(person.id, 'order.created', occurredAt, {
        order_id: orderId,
        total,
        method: random(4) === 0 ? 'DELIVERY' : 'COLLECTION',
        payment_method: random(3) === 0 ? 'WALLET' : 'CARD',
      });
      add(person.id, 'statistic.update', occurredAt, { name: 'coffeeStamps', value: 1 + random(2) });
      add(person.id, 'statistic.update', occurredAt, { name: 'largestOrder', value: total });
      add(person.id, 'statistic.update', occurredAt, {
        name: 'favouriteBlend',
        value: BLENDS[random(BLENDS.length)],
      });
      if (random(12) === 0)
        add(person.id, 'order.status-change', occurredAt, { order_id: orderId, status: 'REFUNDED' });
      if (random(5) === 0) add(person.id, 'qr.scanned', occurredAt, { code: `TABLE-${1 + random(12)}` });
    }
    if (index % 7 === 1) add(person.id, 'referral', at(random(20)), { referred: `friend-${index}` });
  }
  const first = people[0];
  if (first) add(first.id, 'statistic.update', at(1), { name: 'loyaltyPoints', value: 25 });

  for (let start = 0; start < events.length; start += 500) {
    await ingestEvents(ctx.database.db, clientId, events.slice(start, start + 500));
  }
  await ctx.engine.drain();
  ctx.log.info({ events: events.length }, 'demo activity processed');
};

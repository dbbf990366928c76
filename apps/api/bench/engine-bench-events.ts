/**
 * The engine bench's event generator: the mix of events (per 100, see engine.bench.ts), each carrying the answer
 * the API must give and what it changes in the model once accepted.
 */
import { EVENT_MESSAGES, ORDER_STATUSES, type TOrderStatus } from '@laurel/contract';
import { assert } from './bench-support';
import {
  type Answer,
  counts,
  type FinalStatus,
  type Model,
  type Player,
  pick,
  random,
  randomInt,
  type StatisticModel,
} from './engine-bench-model';
import { RUN, UNKNOWN_STATISTIC } from './engine-bench-settings';

export type OutgoingEvent = {
  id: string;
  type: string;
  customer: Record<string, string>;
  occurred_at: string;
  data: Record<string, unknown>;
};

export type Planned = {
  event: OutgoingEvent;
  answer: Answer;
  /** Another answer that is right too: then the event is not stored, and the model is not told of it. */
  orAnswer?: Answer;
  error?: string;
  /** Applied to the model once the API accepted the event. */
  apply?: () => void;
};

export type Order = { orderId: string; player: Player; cents: number; status: TOrderStatus; busy: boolean };

export const COUNTERS: [string, string, number][] = [
  ['user.logged-in', 'numberOfLogins', 30],
  ['referral', 'numberOfReferrals', 4],
  ['gift.sent', 'numberOfGifts', 3],
  ['voucher.redeemed', 'numberOfVouchers', 3],
  ['app.payment', 'numberOfAppPayments', 3],
  ['qr.scanned', 'numberOfQrScans', 3],
  ['subscription.purchased', 'numberOfSubscriptions', 2],
];

export const createGenerator = (
  players: Player[],
  statistics: Map<string, StatisticModel>,
  model: Model,
  totalEvents: number,
) => {
  const own = [...statistics.values()].filter((s) => s.name.startsWith('benchStat'));
  /** Unique, increasing, all in the past: ordering by occurred_at is unambiguous (Last, status changes). */
  const firstOccurred = Date.now() - totalEvents - 120_000;
  let sequence = 0;
  let orders: Order[] = [];
  /** Recently accepted events, for repeats. */
  const recent: OutgoingEvent[] = [];

  /** The players new events are for: all of them, unless a scenario narrows it (usePlayers). */
  let active = players;
  const playerOf = () => {
    // A few customers are far more active than the rest (density ~ 1/sqrt).
    const u = random();
    return active[Math.floor(u * u * active.length)] as Player;
  };
  const refOf = (player: Player): Record<string, string> => {
    const r = random();
    if (r < 0.8) return { _id: player.id };
    if (r < 0.9) return { email: player.email.replace(/^p/, 'P') };
    return { cell_number: `0${player.cell.slice(3)}` };
  };
  const base = (type: string, player: Player, data: Record<string, unknown>) => {
    sequence += 1;
    const occurredMs = firstOccurred + sequence;
    return {
      occurredMs,
      event: {
        id: `bench-${RUN}-${sequence}`,
        type,
        customer: refOf(player),
        occurred_at: new Date(occurredMs).toISOString(),
        data,
      } satisfies OutgoingEvent,
    };
  };
  /** An accepted event's final state: a suspended customer's events are all skipped. */
  const accepted = (
    event: OutgoingEvent,
    player: Player,
    final: FinalStatus,
    effects?: () => void,
  ): Planned => ({
    event,
    answer: 'accepted',
    apply: () => {
      model.finals.set(event.id, player.suspended ? 'skipped' : final);
      if (!player.suspended) effects?.();
      if (recent.length < 5_000) recent.push(event);
      else recent[Math.floor(random() * recent.length)] = event;
    },
  });

  const counter = (type: string, name: string) => {
    const player = playerOf();
    const data =
      type === 'user.logged-in'
        ? random() < 0.5
          ? {}
          : { channel: pick(['app', 'web', 'pos']) }
        : type === 'app.payment'
          ? { amount: randomInt(100, 90_000) / 100 }
          : type === 'subscription.purchased'
            ? { subscription_id: `sub-${randomInt(1, 20)}` }
            : type === 'voucher.redeemed'
              ? { voucher_code: `V${randomInt(1000, 9999)}` }
              : {};
    const { event, occurredMs } = base(type, player, data);
    return accepted(event, player, 'processed', () => model.contribute(player.id, name, occurredMs, 1));
  };

  const orderCreated = (): Planned => {
    const player = playerOf();
    const cents = randomInt(100, 250_000);
    const status: TOrderStatus = random() < 0.03 ? 'CANCELLED' : random() < 0.5 ? 'ORDERED' : 'POS-ORDERED';
    const orderId = `o-${RUN}-${sequence + 1}`;
    const { event, occurredMs } = base('order.created', player, {
      order_id: orderId,
      total: cents / 100,
      ...(status === 'ORDERED' && random() < 0.5 ? {} : { status }),
      items: [{ sku: 'FLAT-WHITE', quantity: 1, price: cents / 100 }],
    });
    return accepted(event, player, 'processed', () => {
      orders.push({ orderId, player, cents, status, busy: false });
      if (!counts(status)) return;
      model.contribute(player.id, 'totalOrderValue', occurredMs, cents);
      model.contribute(player.id, 'orderVolume', occurredMs, 1);
      model.addOrderTotal(player.id, cents);
    });
  };

  const freeOrder = () => {
    for (let attempt = 0; attempt < 8 && orders.length > 0; attempt += 1) {
      const order = pick(orders);
      if (!order.busy) return order;
    }
    return undefined;
  };

  /** A status change of an order already accepted, one change per order in flight (so arrival order = time order). */
  const statusChange = (): Planned => {
    const order = freeOrder();
    if (!order) return orderCreated();
    order.busy = true;
    const status = pick(ORDER_STATUSES);
    const { event, occurredMs } = base('order.status-change', order.player, {
      order_id: order.orderId,
      status,
    });
    const planned = accepted(event, order.player, 'processed', () => {
      const before = counts(order.status);
      const after = counts(status);
      order.status = status;
      if (before === after) return;
      const sign = after ? 1 : -1;
      model.contribute(order.player.id, 'totalOrderValue', occurredMs, sign * order.cents);
      model.contribute(order.player.id, 'orderVolume', occurredMs, sign);
      model.addOrderTotal(order.player.id, sign * order.cents);
    });
    return {
      ...planned,
      apply: () => {
        order.busy = false;
        planned.apply?.();
      },
    };
  };

  /**
   * An order.created for an order id already sent: a duplicate, said at once (200) when the engine has counted the
   * order by then, else accepted and called a duplicate by the engine.
   */
  const orderRepeat = (): Planned => {
    const order = freeOrder();
    if (!order) return orderCreated();
    const { event } = base('order.created', order.player, { order_id: order.orderId, total: 12.5 });
    return { ...accepted(event, order.player, 'duplicate'), orAnswer: 'duplicate' };
  };

  const statisticUpdate = (known: boolean): Planned => {
    const player = playerOf();
    const statistic = pick(own);
    const value = randomInt(-20, 500);
    const { event, occurredMs } = base('statistic.update', player, {
      name: known ? statistic.name : UNKNOWN_STATISTIC,
      value,
    });
    if (!known) return accepted(event, player, 'parked');
    return accepted(event, player, 'processed', () =>
      model.contribute(player.id, statistic.name, occurredMs, value),
    );
  };

  const unknownCustomer = (): Planned => {
    sequence += 1;
    return {
      event: {
        id: `bench-${RUN}-${sequence}`,
        type: 'user.logged-in',
        customer: { _id: `ffffffff${String(sequence).padStart(16, '0')}` },
        occurred_at: new Date(firstOccurred + sequence).toISOString(),
        data: {},
      },
      answer: 'rejected',
      error: `customer: ${EVENT_MESSAGES.customerNotFound}`,
    };
  };

  const fresh = (): Planned => {
    let r = random() * 100;
    for (const [type, name, weight] of COUNTERS) {
      if (r < weight) return counter(type, name);
      r -= weight;
    }
    if (r < 18) return orderCreated();
    r -= 18;
    if (r < 8) return statusChange();
    r -= 8;
    if (r < 1) return orderRepeat();
    return statisticUpdate(true);
  };

  /**
   * One batch; repeats refer to events already answered, or to an earlier event of the same batch. An earlier
   * event is repeated at most once per batch: a conflicting repeat first would make the exact one a conflict too.
   */
  const batch = (size: number): Planned[] => {
    const planned: Planned[] = [];
    const repeated = new Set<string>();
    const earlier = () => {
      if (recent.length === 0) return undefined;
      const event = pick(recent);
      if (repeated.has(event.id)) return undefined;
      repeated.add(event.id);
      return event;
    };
    while (planned.length < size) {
      const r = random();
      if (r < 0.015) {
        const original = earlier();
        planned.push(original ? { event: original, answer: 'duplicate' } : fresh());
      } else if (r < 0.02) {
        const sameBatch = planned.filter((p) => p.answer === 'accepted');
        planned.push(sameBatch.length > 0 ? { event: pick(sameBatch).event, answer: 'duplicate' } : fresh());
      } else if (r < 0.021) {
        const original = earlier();
        planned.push(
          original
            ? {
                event: {
                  ...original,
                  occurred_at: new Date(Date.parse(original.occurred_at) - 1).toISOString(),
                },
                answer: 'rejected',
                error: EVENT_MESSAGES.conflict,
              }
            : fresh(),
        );
      } else if (r < 0.023) {
        planned.push(unknownCustomer());
      } else if (r < 0.024) {
        planned.push(statisticUpdate(false));
      } else {
        planned.push(fresh());
      }
    }
    return planned;
  };

  /**
   * New events only for players [from, to): a scenario that compares runs gives each its own players, so a later run
   * does not start with the earlier runs' statistics, memberships and orders (status changes too are for their
   * orders only). Repeats still refer to any event.
   */
  const usePlayers = (from: number, to: number) => {
    assert(from >= 0 && to <= players.length && from < to, `players ${from}-${to} of ${players.length}`);
    active = players.slice(from, to);
    const ids = new Set(active.map((player) => player.id));
    orders = orders.filter((order) => ids.has(order.player.id));
  };

  return { batch, usePlayers, firstOccurred };
};
export type Generator = ReturnType<typeof createGenerator>;

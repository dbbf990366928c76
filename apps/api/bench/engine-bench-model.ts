/**
 * The engine bench's model: the deterministic randomness behind its event mix, and what the engine must end up
 * with (player statistics per version, customers' order totals, every event's final state), computed
 * independently from what was sent and accepted.
 */
import {
  ORDER_REVERSAL_STATUSES,
  type TAggregationMethod,
  type TOrderStatus,
  type TResetInterval,
} from '@laurel/contract';

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness (the same mix every run)

let seed = 0x2f6e2b1;
export const random = () => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
export const randomInt = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

export type Player = { id: string; email: string; cell: string; suspended: boolean };

export type StatisticModel = {
  id: string;
  name: string;
  method: TAggregationMethod;
  interval: TResetInterval;
  epochVersion: number;
  epochStartMs: number;
};

// ---------------------------------------------------------------------------------------------------------------
// The model: what the engine must end up with, computed independently from what was sent and accepted

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The version an event falls in: the client's time zone is UTC (checked), weeks and months are not used. */
export const versionOf = (statistic: StatisticModel, occurredMs: number) => {
  const length = statistic.interval === 'Hour' ? HOUR_MS : statistic.interval === 'Day' ? DAY_MS : 0;
  if (length === 0) return statistic.epochVersion;
  // An interval before the epoch's first keeps a version of its own, below the first (DESIGN §5).
  const passed = Math.floor(occurredMs / length) - Math.floor(statistic.epochStartMs / length);
  return passed >= 0 ? statistic.epochVersion + passed : statistic.epochVersion - 1 + passed;
};

/** Values in hundredths for money (exact), whole numbers otherwise. */
export const scaleOf = (name: string) => (name === 'totalOrderValue' ? 100 : 1);

export type FinalStatus = 'processed' | 'duplicate' | 'skipped' | 'parked';
export type Answer = 'accepted' | 'duplicate' | 'rejected';

export const counts = (status: TOrderStatus) =>
  !(ORDER_REVERSAL_STATUSES as readonly string[]).includes(status);

export const createModel = (statistics: Map<string, StatisticModel>) => {
  const values = new Map<string, { value: number; lastAt: number }>();
  const orderTotals = new Map<string, number>();
  const finals = new Map<string, FinalStatus>();
  const contribute = (customerId: string, name: string, occurredMs: number, value: number) => {
    const statistic = statistics.get(name);
    if (!statistic) throw new Error(`the model has no statistic ${name}`);
    const key = `${customerId}|${name}|${versionOf(statistic, occurredMs)}`;
    const current = values.get(key);
    if (!current) {
      values.set(key, { value, lastAt: occurredMs });
      return;
    }
    switch (statistic.method) {
      case 'Sum':
        current.value += value;
        break;
      case 'Max':
        current.value = Math.max(current.value, value);
        break;
      case 'Min':
        current.value = Math.min(current.value, value);
        break;
      case 'Last':
        if (occurredMs >= current.lastAt) {
          current.value = value;
          current.lastAt = occurredMs;
        }
        break;
    }
  };
  const addOrderTotal = (customerId: string, cents: number) =>
    orderTotals.set(customerId, (orderTotals.get(customerId) ?? 0) + cents);
  return { values, orderTotals, finals, contribute, addOrderTotal };
};
export type Model = ReturnType<typeof createModel>;

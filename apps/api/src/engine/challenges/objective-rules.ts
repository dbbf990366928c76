import { type TObjectiveCondition, type TObjectiveEventType, ZWeekday } from '@laurel/contract';
import type { ChallengeObjectiveColumn, ObjectiveStateColumn } from '../../db/schema';
import { DEFAULT_UNIQUE_FIELD, type EventFacts, type FactItem } from './event-facts';

const DAY_MS = 86_400_000;
/** Unique keys kept per objective: enough for any trigger quantity (at most 999 for counts). */
const MAX_UNIQUE_KEYS = 1000;

/** Where and when an event happened, in the client's time zone, and what the batch knows about the player. */
export type RuleContext = {
  occurredAt: Date;
  /** YYYY-MM-DD and HH:mm of the event in the client's time zone. */
  localDay: string;
  localTime: string;
  /** Local days since 1970-01-01 and local months (year * 12 + month - 1). */
  dayIndex: number;
  monthIndex: number;
  challengeStart: Date;
  /** The player had no earlier event of this event's type. */
  firstOfType: boolean;
  /** leaderboard: the player's place by totalOrderValue after the event (null when it did not change). */
  rank: number | null;
  /** earn: currency earned through earn configs by this event, by currency id. */
  earned: ReadonlyMap<string, number>;
};

export type ObjectiveProgress = { progress: number; state: ObjectiveStateColumn };

const COUNTED_BY_VALUE = new Set<TObjectiveEventType>(['basketValue', 'orderValue']);

/** What an objective counts up to: a number of events, a currency amount, or one qualifying event. */
export const objectiveTarget = (objective: ChallengeObjectiveColumn) => {
  const quantity = Number(objective.trigger.trigger_quantity) || 0;
  if (COUNTED_BY_VALUE.has(objective.event_type) || objective.event_type === 'leaderboard') return 1;
  if (objective.event_type === 'earn') return quantity > 0 ? quantity : 0.01;
  return Math.max(1, quantity);
};

const scopeValues = (objective: ChallengeObjectiveColumn) =>
  objective.scope && objective.scope.type !== 'basket' ? objective.scope.value : null;

/** What an objective's checks need, worked out once per loaded objective rather than once per event. */
type Compiled = {
  scope: Set<string> | null;
  paymentScopes: string[];
  codeScopes: string[];
  unique: Extract<TObjectiveCondition, { type: 'unique' }> | undefined;
  recurring: Extract<TObjectiveCondition, { type: 'recurring' }> | undefined;
};
const compiledObjectives = new WeakMap<ChallengeObjectiveColumn, Compiled>();
const compiled = (objective: ChallengeObjectiveColumn): Compiled => {
  let found = compiledObjectives.get(objective);
  if (!found) {
    const values = scopeValues(objective);
    const scopesOf = (type: string) => objective.scopes.filter((s) => s.type === type).map((s) => s.value);
    found = {
      scope: values ? new Set(values) : null,
      paymentScopes: scopesOf('payment_method'),
      codeScopes: scopesOf('code_type'),
      unique: objective.conditions.find((c) => c.type === 'unique'),
      recurring: objective.conditions.find((c) => c.type === 'recurring'),
    };
    compiledObjectives.set(objective, found);
  }
  return found;
};

/** The order lines in the objective's scope, and the scope ids they match. */
const scopedItems = (objective: ChallengeObjectiveColumn, items: FactItem[]) => {
  const wanted = compiled(objective).scope;
  if (!wanted) return { items, matched: [] as string[] };
  const byProducts = objective.scope?.type === 'products';
  const matched = new Set<string>();
  const inScope = items.filter((item) => {
    const hits = byProducts
      ? item.productId && wanted.has(item.productId)
        ? [item.productId]
        : []
      : item.categoryIds.filter((id) => wanted.has(id));
    for (const hit of hits) matched.add(hit);
    return hits.length > 0;
  });
  return { items: inScope, matched: [...matched] };
};

const itemsValue = (items: FactItem[]) =>
  Math.round(items.reduce((sum, item) => sum + item.price * item.quantity, 0) * 100) / 100;

/** The recurring condition's period: every `interval` local days, weeks (starting on `day`) or months. */
const periodKey = (condition: Extract<TObjectiveCondition, { type: 'recurring' }>, context: RuleContext) => {
  const interval = Math.max(1, condition.interval);
  if (condition.frequency === 'monthly') return `m${Math.floor(context.monthIndex / interval)}`;
  if (condition.frequency === 'weekly') {
    // 1970-01-01 was a Thursday (3 days after a Monday).
    const weekStart = Math.max(0, ZWeekday.options.indexOf(condition.day));
    return `w${Math.floor(Math.floor((context.dayIndex + 3 - weekStart) / 7) / interval)}`;
  }
  return `d${Math.floor(context.dayIndex / interval)}`;
};

/** Conditions that only admit or refuse the event (recurring and unique also remember something). */
const admits = (
  condition: TObjectiveCondition,
  facts: EventFacts,
  eventValue: number | null,
  context: RuleContext,
) => {
  switch (condition.type) {
    case 'time':
      return condition.range_type === 'After'
        ? context.localTime >= condition.time
        : context.localTime < condition.time;
    case 'date_range':
      if (condition.range_type === 'between') {
        const start = condition.start_date?.slice(0, 10) ?? '';
        const end = condition.end_date?.slice(0, 10) ?? '9999-12-31';
        return context.localDay >= start && context.localDay <= end;
      }
      return context.occurredAt.getTime() < context.challengeStart.getTime() + (condition.days ?? 0) * DAY_MS;
    case 'payment_method':
      return facts.paymentMethod !== null && (condition.values as string[]).includes(facts.paymentMethod);
    case 'first_occurrence':
      return context.firstOfType;
    case 'value':
      return eventValue !== null && eventValue >= condition.value;
    default:
      return true;
  }
};

/**
 * How one event moves one objective (spec 2 §3, DESIGN §5 step 5), or null when it does not count: the event must
 * feed the objective's event type, match its scopes (payment method, code type) and scope (products or
 * categories), and pass every condition. Counting objectives add one per event (products purchased: the units
 * in scope; earn: the amount earned); basket and order value count an event whose value reaches the trigger
 * quantity; a leaderboard counts a place within it. Recurring counts periods with `count` events; unique
 * counts each key once; match all waits until every listed product or category was bought.
 */
export const advanceObjective = (
  objective: ChallengeObjectiveColumn,
  facts: EventFacts,
  context: RuleContext,
  current: ObjectiveProgress,
): (ObjectiveProgress & { done: boolean }) | null => {
  const type = objective.event_type;
  const checks = compiled(objective);
  if (checks.paymentScopes.length > 0 && !checks.paymentScopes.includes(facts.paymentMethod ?? ''))
    return null;
  if (checks.codeScopes.length > 0 && !checks.codeScopes.includes(facts.codeType ?? '')) return null;
  const target = Number(objective.trigger.trigger_quantity) || 0;
  let increment: number;
  let eventValue = facts.value;
  let matched: string[] = [];
  let units = 1;
  if (type === 'earn') {
    const currency = objective.trigger.trigger_target;
    increment = currency
      ? (context.earned.get(currency) ?? 0)
      : [...context.earned.values()].reduce((sum, amount) => sum + amount, 0);
    if (increment <= 0) return null;
  } else {
    if (!facts.feeds.includes(type)) return null;
    if (facts.items) {
      const scoped = scopedItems(objective, facts.items);
      if (scopeValues(objective) && scoped.items.length === 0) return null;
      matched = scoped.matched;
      units = scoped.items.reduce((sum, item) => sum + item.quantity, 0);
      if (type === 'basketValue' && scopeValues(objective)) eventValue = itemsValue(scoped.items);
    }
    switch (type) {
      case 'basketValue':
      case 'orderValue':
        if (eventValue === null || eventValue < target) return null;
        increment = 1;
        break;
      case 'leaderboard':
        if (context.rank === null || context.rank > Math.max(1, target)) return null;
        increment = 1;
        break;
      case 'productPurchased':
        if (units <= 0) return null;
        increment = units;
        break;
      default:
        increment = 1;
    }
  }
  if (!objective.conditions.every((condition) => admits(condition, facts, eventValue, context))) return null;

  const state: ObjectiveStateColumn = { ...current.state };
  const { unique, recurring } = checks;
  if (unique) {
    const field = unique.field || DEFAULT_UNIQUE_FIELD[type];
    const seen = new Set(state.unique ?? []);
    // Products purchased with the default key count each new product once.
    const keys =
      type === 'productPurchased' && field === 'product_id' && facts.items
        ? [
            ...new Set(
              scopedItems(objective, facts.items).items.flatMap((item) =>
                item.productId ? [item.productId] : [],
              ),
            ),
          ]
        : [facts.fields[field] ?? null].flatMap((key) => (key === null ? [] : [key]));
    const fresh = keys.filter((key) => !seen.has(key));
    if (fresh.length === 0) return null;
    state.unique = [...seen, ...fresh].slice(-MAX_UNIQUE_KEYS);
    if (type === 'productPurchased' && field === 'product_id') increment = fresh.length;
  }
  if (recurring) {
    const key = periodKey(recurring, context);
    const count = state.period === key ? (state.periodCount ?? 0) + 1 : 1;
    state.period = key;
    state.periodCount = count;
    // One step per period, when the period's count is reached (not again for more events in it).
    increment = count === Math.max(1, recurring.count) ? 1 : 0;
  }
  if (objective.scope?.match_all && matched.length > 0) {
    state.matched = [...new Set([...(state.matched ?? []), ...matched])];
  }
  const progress = Math.round((current.progress + increment) * 100) / 100;
  return { progress, state, done: reachesTarget(objective, progress, state.matched) };
};

/** Whether progress completes the objective: its target reached and, with match all, every listed id bought. */
export const reachesTarget = (
  objective: ChallengeObjectiveColumn,
  progress: number,
  matched: readonly string[] | undefined,
) =>
  progress >= objectiveTarget(objective) &&
  (!objective.scope?.match_all ||
    (scopeValues(objective) ?? []).every((value) => (matched ?? []).includes(value)));

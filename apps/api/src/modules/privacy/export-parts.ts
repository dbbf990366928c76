import type { Database } from '../../db/database';

/** Whose data: the client and the customer (the pseudonymous `_id`). */
export type PrivacyScope = { clientId: string; customerId: string };

/** One row of a part, with the key its rows are ordered and paged by. */
export type ExportRow = { key: string; row: unknown };

/**
 * One part of a member's data export: its name (the JSON key), what it holds (written in the document's header),
 * and the query that reads one page of its rows after a key (null: from the start), in key order.
 */
export type ExportPart = {
  name: string;
  description: string;
  /** A part that is one record (the profile) is written as an object (or null), not an array. */
  single?: boolean;
  query: (
    database: Database,
    scope: PrivacyScope,
    after: string | null,
    limit: number,
  ) => Promise<ExportRow[]>;
};

/** Columns that say nothing about the member (tenant id, search helpers, request hashes): left out of every row. */
const INTERNAL_COLUMNS = "'{client_id,search_text,request_hash,payload_hash}'::text[]";

/**
 * A part read from one table aliased `t` (joins may follow in `from`), the rows of the scope's customer in `key`
 * order. `json` builds each row (default: every column but the internal ones); `owner` is the column naming the
 * customer. Keys are text, so one keyset condition pages every part.
 */
export const tablePart = (part: {
  name: string;
  description: string;
  from: string;
  key: string;
  json?: string;
  owner?: string;
  single?: boolean;
}): ExportPart => ({
  name: part.name,
  description: part.description,
  single: part.single,
  query: (database, scope, after, limit) =>
    database.query<ExportRow>(
      `SELECT (${part.key})::text AS key, ${part.json ?? `to_jsonb(t) - ${INTERNAL_COLUMNS}`} AS row
         FROM ${part.from}
        WHERE t.client_id = $1 AND ${part.owner ?? 't.customer_id'} = $2
          AND ($3::text IS NULL OR (${part.key})::text > $3::text)
        ORDER BY 1
        LIMIT ${Math.trunc(limit)}`,
      [scope.clientId, scope.customerId, after],
    ),
});

const padded = (expression: string) => `lpad((${expression})::text, 20, '0')`;

/**
 * Everything Laurel holds about a member, part by part (GDPR / POPIA access request). Every table keyed by
 * customer_id has its part here (grep apps/api/src/db/schema for customer_id when adding a table). An area that
 * keeps more about a member adds one entry with `registerExportPart` from its own module: the webhooks area adds
 * "webhooks sent about them" as a `tablePart` over webhook_deliveries (`t.customer_id`, key `t.id`).
 */
const parts: ExportPart[] = [
  tablePart({
    name: 'profile',
    description:
      'The customer record: name, surname, email, cell number, birthday, gender, status, member card, branch, communication preferences, order totals and the external id your systems gave.',
    from: 'customers t LEFT JOIN branches b ON b.id = t.member_branch_id',
    owner: 't.id',
    key: 't.id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('member_branch_name', b.display_name)`,
    single: true,
  }),
  tablePart({
    name: 'loyalty',
    description: 'The loyalty record: loyalty number, card number, member date and home branch.',
    from: 'loyalty_accounts t',
    key: 't.id',
  }),
  tablePart({
    name: 'addresses',
    description: 'Saved addresses with their labels and map coordinates.',
    from: 'customer_addresses t',
    key: 't.id',
  }),
  tablePart({
    name: 'payment_methods',
    description: 'Registered cards: brand and last four digits only (Laurel never holds card numbers).',
    from: 'payment_methods t',
    key: 't.id',
    json: `jsonb_build_object('_id', t.id, 'brand', t.brand, 'last_four', t.last_four, 'created_at', t.created_at)`,
  }),
  tablePart({
    name: 'orders',
    description:
      'Orders with their lines, parcels and status history (amounts in minor units, VAT included), as the buyer was recorded when each order was placed.',
    from: 'orders t',
    key: 't.id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object(
      'lines', (SELECT coalesce(jsonb_agg(to_jsonb(l) - 'client_id' ORDER BY l.line_no), '[]') FROM order_lines l WHERE l.order_id = t.id),
      'parcels', (SELECT coalesce(jsonb_agg(to_jsonb(p) - 'client_id' ORDER BY p.number), '[]') FROM order_parcels p WHERE p.order_id = t.id),
      'status_history', (SELECT coalesce(jsonb_agg(to_jsonb(h) - 'client_id' - 'actor_id' - 'actor_name' ORDER BY h.seq), '[]')
                           FROM order_status_history h WHERE h.order_id = t.id))`,
  }),
  tablePart({
    name: 'baskets',
    description: 'Shopping baskets your channels reported, with their items.',
    from: 'baskets t',
    key: 't.id',
  }),
  tablePart({
    name: 'subscriptions',
    description:
      'Subscriptions issued to the customer, with the plan name, price, status and redemption count.',
    from: 'customer_subscriptions t LEFT JOIN subscription_plans s ON s.id = t.subscription_id',
    key: 't.id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('subscription_name', s.name)`,
  }),
  tablePart({
    name: 'subscription_redemptions',
    description: 'Each use of a subscription: when, where and for which product.',
    from: 'subscription_redemptions t',
    key: 't.id',
  }),
  tablePart({
    name: 'events',
    description:
      'Activity your systems sent about the customer (orders, logins, payments…), in arrival order, with its processing status. A payload may have been blanked by the retention setting.',
    from: 'events t',
    key: padded('t.seq'),
  }),
  tablePart({
    name: 'statistics',
    description: 'Statistic values the engine keeps for the customer (each reset period is a version).',
    from: 'player_statistics t JOIN statistics s ON s.id = t.statistic_id',
    key: `t.statistic_id || ':' || ${padded('t.version')}`,
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('statistic_name', s.name)`,
  }),
  tablePart({
    name: 'segments',
    description: 'Segments the customer is in, and since when.',
    from: 'segment_members t JOIN segments s ON s.id = t.segment_id',
    key: 't.segment_id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('segment_name', s.name)`,
  }),
  tablePart({
    name: 'badges',
    description: 'Badges the customer holds and how many.',
    from: 'player_badges t JOIN badges s ON s.id = t.badge_id',
    key: 't.badge_id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('badge_name', s.name)`,
  }),
  tablePart({
    name: 'badge_transactions',
    description: 'Every badge grant (the badge ledger).',
    from: 'badge_transactions t',
    key: 't.id',
  }),
  tablePart({
    name: 'challenges',
    description: "The customer's standing in each challenge: granted, started, completed or ended.",
    from: 'challenge_players t JOIN challenges s ON s.id = t.challenge_id',
    key: 't.challenge_id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('challenge_title', s.title)`,
  }),
  tablePart({
    name: 'challenge_progress',
    description: 'Progress towards each challenge objective, by challenge id.',
    from: 'challenge_progress t',
    key: 't.customer_id',
  }),
  tablePart({
    name: 'challenge_order_progress',
    description: 'What each order added to challenge objectives (and what a refund took back).',
    from: 'challenge_order_progress t',
    key: 't.order_ref',
  }),
  tablePart({
    name: 'challenge_transactions',
    description: 'Every challenge status change and reward (the challenge ledger).',
    from: 'challenge_transactions t',
    key: 't.id',
  }),
  tablePart({
    name: 'reward_tracks',
    description: "The customer's standing on each reward track (level or tier floor, next review).",
    from: 'reward_track_players t JOIN reward_tracks s ON s.id = t.reward_track_id',
    key: 't.reward_track_id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('reward_track_name', s.name)`,
  }),
  tablePart({
    name: 'reward_track_months',
    description: 'Monthly values of the statistics reward tracks read, for reviews.',
    from: 'reward_track_source_months t',
    key: `t.reward_track_id || ':' || t.month::text`,
  }),
  tablePart({
    name: 'reward_track_transactions',
    description: 'Every milestone reached on a reward track (the reward-track ledger).',
    from: 'reward_track_transactions t',
    key: 't.id',
  }),
  tablePart({
    name: 'wallets',
    description: 'Wallet balances, one per currency.',
    from: 'wallets t LEFT JOIN currencies s ON s.id = t.currency_id',
    key: 't.currency_id',
    json: `to_jsonb(t) - ${INTERNAL_COLUMNS} || jsonb_build_object('currency_name', s.name, 'currency_code', s.code)`,
  }),
  tablePart({
    name: 'wallet_lots',
    description: 'What is left of each credit and when it expires.',
    from: 'wallet_lots t',
    key: 't.id',
  }),
  tablePart({
    name: 'economy_transactions',
    description: 'Every wallet and XP movement (the economy ledger), with the balance after each.',
    from: 'economy_transactions t',
    key: 't.id',
  }),
  tablePart({
    name: 'spends',
    description: 'Spends your systems asked for, by their id, with the answer given.',
    from: 'spend_requests t',
    key: 't.idempotency_id',
  }),
  tablePart({
    name: 'redemptions',
    description: 'Rewards redeemed, with their coupon codes, cost, status and expiry.',
    from: 'reward_redemptions t',
    key: 't.id',
  }),
  tablePart({
    name: 'activity_days',
    description: 'Days the customer was active or paid, as the dashboard counts them.',
    from: 'dashboard_player_days t',
    key: `t.scope || ':' || t.kind || ':' || t.day::text`,
  }),
];

/** The parts in document order. */
export const exportParts = (): readonly ExportPart[] => parts;

/** Adds a part at the end of the document (an area's own data about members; see the list above). */
export const registerExportPart = (part: ExportPart) => {
  if (parts.some((existing) => existing.name === part.name)) return;
  parts.push(part);
};

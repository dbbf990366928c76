import { REDEMPTION_STATUSES, REPORT_CARD_LABELS, type TRedemptionStatus } from '@laurel/contract';
import {
  aggregate,
  BRANCH_FILTER,
  BRANCH_OF_ROW,
  CUSTOMER_AND_BRANCH,
  type ReportCard,
  type ReportDefinition,
  userNameSql,
} from '../report-definition';

const [redemptions, pointsSpent, couponsUsed, mostRedeemed] = REPORT_CARD_LABELS.redemptions;

/** Stored statuses are issued, used and cancelled; an issued coupon past its expiry reads as expired. */
const EXPIRED = `t.status = 'issued' AND t.expires_at < now()`;
const STATUS_SQL = `CASE WHEN ${EXPIRED} THEN 'expired' ELSE t.status END`;
/** Each status as a condition on the stored columns, so that the status index serves the filter. */
const STATUS_CONDITIONS: Record<TRedemptionStatus, string> = {
  issued: `(t.status = 'issued' AND (t.expires_at IS NULL OR t.expires_at >= now()))`,
  expired: `(${EXPIRED})`,
  used: `t.status = 'used'`,
  cancelled: `t.status = 'cancelled'`,
};
const NOT_CANCELLED = `t.status <> 'cancelled'`;

/**
 * Points Spent: the cost of the redemptions that kept their payment, and the currency's code beside it when they
 * were all paid in one currency. Cancelled ones count 0: their cost went back to the wallet, so nothing was spent.
 */
const pointsSpentCard: ReportCard = {
  label: pointsSpent,
  sql: (fromWhere) =>
    `SELECT s.value, cur.code AS detail FROM (SELECT COALESCE(sum(t.cost) FILTER (WHERE ${NOT_CANCELLED}), 0)::text AS value, ` +
    `CASE WHEN count(DISTINCT t.currency_id) FILTER (WHERE ${NOT_CANCELLED}) = 1 ` +
    `THEN min(t.currency_id) FILTER (WHERE ${NOT_CANCELLED}) END AS currency_id ${fromWhere}) s ` +
    'LEFT JOIN currencies cur ON cur.id = s.currency_id',
};

/**
 * Most Redeemed Reward: the reward redeemed most often, with its count; rewards tied for first are all named (in
 * name order, two at most, then '+N more') with 'tied, N each', so none is silently picked.
 */
const mostRedeemedCard: ReportCard = {
  label: mostRedeemed,
  sql: (fromWhere) =>
    "SELECT CASE WHEN count(*) > 2 THEN (array_agg(name ORDER BY name))[1] || ', ' || " +
    `(array_agg(name ORDER BY name))[2] || ' +' || (count(*) - 2) || ' more' ` +
    `ELSE string_agg(name, ', ' ORDER BY name) END AS value, ` +
    `CASE WHEN count(*) > 1 THEN 'tied, ' || max(n) || ' each' ELSE max(n)::text END AS detail ` +
    `FROM (SELECT name, n, rank() OVER (ORDER BY n DESC) AS place ` +
    `FROM (SELECT t.reward_name AS name, count(*) AS n ${fromWhere} GROUP BY 1) counted) ranked WHERE place = 1 ` +
    // No row when nothing matches: the card then has no figure (null), as mostFrequent's.
    'HAVING count(*) > 0',
};

/**
 * Redemptions (DESIGN §10): every reward redeemed, by the integrator API or by staff from the profile, with its
 * coupon's fate. The row carries its reward's name and type and the customer's home branch when it was redeemed.
 */
export const redemptionsReport: ReportDefinition = {
  kind: 'redemptions',
  table: 'reward_redemptions',
  from: `${CUSTOMER_AND_BRANCH('reward_redemptions')} LEFT JOIN currencies cur ON cur.id = t.currency_id`,
  dateColumn: 't.created_at',
  idColumn: 't.id',
  branchColumn: BRANCH_OF_ROW,
  fields: {
    _id: { sql: 't.id', type: 'text' },
    date_time: { sql: 't.created_at', type: 'timestamp' },
    user_id: { sql: 't.customer_id', type: 'text' },
    user_name: { sql: userNameSql, type: 'text', freeText: true },
    reward_id: { sql: 't.reward_id', type: 'text' },
    reward_name: { sql: 't.reward_name', type: 'text', freeText: true },
    reward_type: { sql: 't.reward_type', type: 'text' },
    status: { sql: STATUS_SQL, type: 'text' },
    coupon_code: { sql: 't.coupon_code', type: 'text', freeText: true },
    cost: { sql: 't.cost', type: 'number' },
    currency: { sql: 'cur.code', type: 'text', freeText: true },
    branch_location: { sql: 'b.display_name', type: 'text', freeText: true },
    expires_at: { sql: 't.expires_at', type: 'timestamp' },
    used_at: { sql: 't.used_at', type: 'timestamp' },
    cancelled_at: { sql: 't.cancelled_at', type: 'timestamp' },
    created_at: { sql: 't.created_at', type: 'timestamp' },
    updated_at: { sql: 'COALESCE(t.cancelled_at, t.used_at, t.created_at)', type: 'timestamp' },
  },
  search: ['t.reward_name', 't.coupon_code'],
  multi: {
    branch_location: BRANCH_FILTER,
    status: { options: REDEMPTION_STATUSES, conditions: STATUS_CONDITIONS },
    // Rewards are never deleted; a renamed reward's redemptions are found by its id under its current name.
    reward_name: {
      options: (client) =>
        `SELECT DISTINCT name AS option FROM rewards WHERE client_id = ${client} ORDER BY name`,
      ids: {
        column: 't.reward_id',
        lookup: (client, names) =>
          `SELECT id FROM rewards WHERE client_id = ${client} AND name IN (${names.join(', ')})`,
      },
    },
  },
  value: 't.cost',
  // Unfiltered, the cards describe the redemptions that stand; a chosen status shows its own (Cancelled too).
  cardsUnlessFiltered: { filter: 'status', condition: NOT_CANCELLED },
  cards: [
    aggregate(redemptions, 'count(*)::text'),
    pointsSpentCard,
    aggregate(couponsUsed, `count(*) FILTER (WHERE t.status = 'used')::text`),
    mostRedeemedCard,
  ],
};

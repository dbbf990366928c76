import { BADGE_CATEGORIES, REPORT_CARD_LABELS } from '@laurel/contract';
import {
  aggregate,
  BRANCH_FILTER,
  BRANCH_OF_ROW,
  CUSTOMER_AND_BRANCH,
  mostFrequent,
  type ReportDefinition,
  userNameSql,
} from '../report-definition';

const [earned, uniqueUsers, mostEarned] = REPORT_CARD_LABELS.badges;

/** Badge Transactions: the append-only badge ledger written by grants (segment actions, challenge rewards). */
export const badgesReport: ReportDefinition = {
  kind: 'badges',
  table: 'badge_transactions',
  from: CUSTOMER_AND_BRANCH('badge_transactions'),
  dateColumn: 't.created_at',
  idColumn: 't.id',
  branchColumn: BRANCH_OF_ROW,
  fields: {
    _id: { sql: 't.id', type: 'text' },
    badge_transaction_id: { sql: 'COALESCE(t.event_id, t.id)', type: 'text' },
    date_time: { sql: 't.created_at', type: 'timestamp' },
    user_id: { sql: 't.customer_id', type: 'text' },
    user_name: { sql: userNameSql, type: 'text', freeText: true },
    badge_name: { sql: 't.badge_name', type: 'text', freeText: true },
    badge_category: { sql: 't.badge_category', type: 'text' },
    badge_level: { sql: 't.badge_level', type: 'number' },
    xp_points_earned: { sql: 't.xp_points_earned', type: 'number' },
    branch_location: { sql: 'b.display_name', type: 'text', freeText: true },
    created_at: { sql: 't.created_at', type: 'timestamp' },
    updated_at: { sql: 't.created_at', type: 'timestamp' },
  },
  search: ['t.badge_name'],
  multi: {
    badge_category: { sql: 't.badge_category', options: BADGE_CATEGORIES },
    badge_level: {
      sql: 't.badge_level::text',
      options: (client) =>
        `SELECT DISTINCT level::text AS option, level FROM badges WHERE client_id = ${client} ORDER BY level`,
    },
    branch_location: BRANCH_FILTER,
    badge_name: {
      sql: 't.badge_name',
      options: (client) =>
        `SELECT DISTINCT name AS option FROM badges WHERE client_id = ${client} ORDER BY name`,
    },
  },
  value: 't.xp_points_earned',
  cards: [
    aggregate(earned, 'COALESCE(sum(t.quantity), 0)::text'),
    aggregate(uniqueUsers, 'count(DISTINCT t.customer_id)::text'),
    mostFrequent(mostEarned, 't.badge_name'),
  ],
};

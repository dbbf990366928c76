import { CHALLENGE_TRANSACTION_STATUSES, REPORT_CARD_LABELS } from '@laurel/contract';
import {
  aggregate,
  BRANCH_FILTER,
  BRANCH_OF_ROW,
  CUSTOMER_AND_BRANCH,
  type ReportDefinition,
  userNameSql,
} from '../report-definition';

const [participated, completed, rewards, xp] = REPORT_CARD_LABELS.challenges;

/**
 * Challenges Transactions: one row per player and challenge, with where they stand (spec 3: challenge_status,
 * default Active). The ledger keeps every step (an Active row on entry, then Completed, Expired or Failed); the
 * report shows the entry row only until a later one says how the player finished, so a completion reads as one
 * Completed row, not as two.
 */
export const challengesReport: ReportDefinition = {
  kind: 'challenges',
  table: 'challenge_transactions',
  from: CUSTOMER_AND_BRANCH('challenge_transactions'),
  dateColumn: 't.occurred_at',
  idColumn: 't.id',
  branchColumn: BRANCH_OF_ROW,
  fields: {
    _id: { sql: 't.id', type: 'text' },
    challenge_transaction_id: { sql: 'COALESCE(t.event_id, t.id)', type: 'text', freeText: true },
    challenge_name: { sql: 't.challenge_name', type: 'text', freeText: true },
    challenge_start_date_time: { sql: 't.challenge_start_date', type: 'timestamp' },
    challenge_end_date_time: { sql: 't.challenge_end_date', type: 'timestamp' },
    user_id: { sql: 't.customer_id', type: 'text' },
    user_name: { sql: userNameSql, type: 'text', freeText: true },
    branch_location: { sql: 'b.display_name', type: 'text', freeText: true },
    challenge_status: { sql: 't.challenge_status', type: 'text' },
    reward_earned: { sql: 't.reward_earned', type: 'text', freeText: true },
    xp_points_earned: { sql: 't.xp_points_earned', type: 'number' },
    created_at: { sql: 't.created_at', type: 'timestamp' },
    updated_at: { sql: 't.updated_at', type: 'timestamp' },
  },
  search: ['t.challenge_name'],
  multi: {
    branch_location: BRANCH_FILTER,
    challenge_status: { sql: 't.challenge_status', options: CHALLENGE_TRANSACTION_STATUSES },
    challenge_name: {
      sql: 't.challenge_name',
      options: (client) =>
        `SELECT DISTINCT title AS option FROM challenges WHERE client_id = ${client} ORDER BY title`,
    },
  },
  value: 't.xp_points_earned',
  // The probe reads the ledger's unique (challenge, customer, status) index.
  rowsShown: `NOT (t.challenge_status = 'Active' AND EXISTS (SELECT 1 FROM challenge_transactions s
    WHERE s.challenge_id = t.challenge_id AND s.customer_id = t.customer_id AND s.challenge_status <> 'Active'))`,
  cards: [
    aggregate(participated, 'count(DISTINCT (t.customer_id, t.challenge_id))::text'),
    aggregate(completed, `count(*) FILTER (WHERE t.challenge_status = 'Completed')::text`),
    aggregate(
      rewards,
      `count(*) FILTER (WHERE t.challenge_status = 'Completed' AND t.reward_earned <> '')::text`,
    ),
    aggregate(xp, 'COALESCE(sum(t.xp_points_earned), 0)::text'),
  ],
};

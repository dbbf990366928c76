import { REPORT_CARD_LABELS, REWARD_TRACK_TRANSACTION_STATUSES } from '@laurel/contract';
import {
  aggregate,
  BRANCH_FILTER,
  BRANCH_OF_ROW,
  CUSTOMER_AND_BRANCH,
  mostFrequent,
  type ReportDefinition,
  userNameSql,
} from '../report-definition';

const [users, claimed, popular] = REPORT_CARD_LABELS['reward-tracks'];

/** Reward Track Transactions: one row per milestone a player reached (DESIGN §5). */
export const rewardTracksReport: ReportDefinition = {
  kind: 'reward-tracks',
  table: 'reward_track_transactions',
  from: CUSTOMER_AND_BRANCH('reward_track_transactions'),
  dateColumn: 't.occurred_at',
  idColumn: 't.id',
  branchColumn: BRANCH_OF_ROW,
  fields: {
    _id: { sql: 't.id', type: 'text' },
    reward_track_transaction_id: { sql: 'COALESCE(t.event_id, t.id)', type: 'text', freeText: true },
    date_time: { sql: 't.occurred_at', type: 'timestamp' },
    user_id: { sql: 't.customer_id', type: 'text' },
    user_name: { sql: userNameSql, type: 'text', freeText: true },
    reward_track_name: { sql: 't.reward_track_name', type: 'text', freeText: true },
    milestone_reached: { sql: 't.milestone_reached', type: 'text', freeText: true },
    reward_claimed: { sql: 't.reward_claimed', type: 'text', freeText: true },
    reward_value: { sql: 't.reward_value', type: 'number' },
    xp_points_earned: { sql: 't.xp_points_earned', type: 'number' },
    status: { sql: 't.status', type: 'text' },
    branch_location: { sql: 'b.display_name', type: 'text', freeText: true },
    created_at: { sql: 't.created_at', type: 'timestamp' },
    updated_at: { sql: 't.created_at', type: 'timestamp' },
  },
  search: ['t.reward_track_name', 't.milestone_reached'],
  multi: {
    branch_location: BRANCH_FILTER,
    status: { sql: 't.status', options: REWARD_TRACK_TRANSACTION_STATUSES },
    // The names the rows carry (a deleted or renamed track's rows keep theirs), read by a loose scan of the
    // (client_id, reward_track_name) index: one probe per name, however many rows the ledger holds.
    reward_track_name: {
      sql: 't.reward_track_name',
      options: (client) =>
        `WITH RECURSIVE names(option) AS (
           (SELECT reward_track_name FROM reward_track_transactions WHERE client_id = ${client}
             ORDER BY reward_track_name LIMIT 1)
           UNION ALL
           SELECT (SELECT n.reward_track_name FROM reward_track_transactions n
                    WHERE n.client_id = ${client} AND n.reward_track_name > names.option
                    ORDER BY n.reward_track_name LIMIT 1)
             FROM names WHERE names.option IS NOT NULL
         )
         SELECT option FROM names WHERE option IS NOT NULL ORDER BY option`,
    },
  },
  value: 't.reward_value',
  cards: [
    aggregate(users, 'count(DISTINCT t.customer_id)::text'),
    aggregate(claimed, `count(*) FILTER (WHERE t.status = 'Reward Claimed')::text`),
    mostFrequent(popular, 't.reward_track_name'),
  ],
};

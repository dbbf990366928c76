import {
  SEGMENT_ACTION_ID_PREFIX,
  SEGMENT_FILTER_ID_PREFIX,
  type TComparisonOperator,
  type TSegmentFilter,
} from '@laurel/contract';

/** Texts of this area's own; the spec's texts come from SEGMENT_MESSAGES and SEGMENT_PLAYERS_MESSAGES. */
export const SEGMENT_TEXTS = {
  subtitle: 'Groups of players defined by rules, with actions that run when players enter or leave.',
  search: 'Search segments',
  searchPlaceholder: 'Search by name',
  system: 'System',
  systemHint: 'Kept by Laurel for every client: it cannot be changed or deleted.',
  systemNote:
    'This is a system segment: Laurel keeps its players up to date from their tier and activity, so its rules and actions cannot be changed and it cannot be deleted.',
  readOnlyNote: 'You may view this segment but not change it.',
  updatingPlayers: 'Updating players…',
  noRules: 'No rules',
  allPlayers: 'All players',
  nameHintCreate: 'How challenges and reports refer to this segment. It cannot be changed later.',
  nameHintEdit: "A segment's name cannot be changed.",
  rulesHint: 'A player joins the segment when they match any rule.',
  noRulesYet: 'No rules yet. Add a rule to choose which players belong to this segment.',
  addRule: 'Add Rule',
  deleteRule: 'Delete rule',
  or: 'OR',
  statisticsLoading: 'Loading statistics…',
  badgesLoading: 'Loading badges…',
  noBadges: 'No badges yet: create one in Badges first.',
  challengesLoading: 'Loading challenges…',
  noChallenges: 'No challenges yet: create one in Challenges first.',
  unsaved: 'You have unsaved changes.',
  noChanges: 'No changes yet.',
  fixErrors: (count: number) =>
    `Please correct the ${count === 1 ? 'field' : `${count} fields`} marked in red.`,
  created: 'Segment created.',
  updated: 'Segment updated.',
  deleted: 'Segment deleted.',
  viewPlayers: 'View Players',
  editSegment: 'Edit Segment',
  viewSegment: 'View Segment',
} as const;

export const FILTER_TYPE_LABELS = { statistic: 'Statistic value', all_players: 'All players' } as const;

/** The rule as people read it in the table: 'numberOfLogins ≥ 2'. */
export const COMPARISON_SYMBOLS: Record<TComparisonOperator, string> = {
  EqualTo: '=',
  GreaterThan: '>',
  LessThan: '<',
  GreaterThanOrEqual: '≥',
  LessThanOrEqual: '≤',
  NotEqualTo: '≠',
};

type TRuleLike = Pick<TSegmentFilter, 'type' | 'statistic_name' | 'comparison'> & {
  filter_value?: number | string | null;
};

/** One rule in words; a part not chosen yet shows as '…'. */
export const ruleText = (rule: TRuleLike) => {
  if (rule.type === 'all_players') return SEGMENT_TEXTS.allPlayers;
  const value =
    rule.filter_value === null || rule.filter_value === undefined ? '' : String(rule.filter_value);
  const symbol = rule.comparison ? COMPARISON_SYMBOLS[rule.comparison] : '…';
  return `${rule.statistic_name || '…'} ${symbol} ${value.trim() === '' ? '…' : value}`;
};

/** Rules are OR-ed (spec 2 §2): 'numberOfLogins ≥ 2 OR totalOrderValue > 500'. */
export const rulesText = (rules: readonly TRuleLike[]) =>
  rules.length === 0 ? SEGMENT_TEXTS.noRules : rules.map(ruleText).join(' OR ');

export const deleteConfirmTitle = (name: string) => `Confirm deletion of '${name}' segment`;

let lastStamp = 0;
/** Date.now(), but never the same twice in this page, so that two rules added at once get different ids. */
const stamp = () => {
  const now = Date.now();
  lastStamp = now > lastStamp ? now : lastStamp + 1;
  return lastStamp;
};
/** Ids of new rules and actions: the contract's prefix plus a timestamp (spec 2 §3). */
export const newFilterId = () => `${SEGMENT_FILTER_ID_PREFIX}${stamp()}`;
export const newActionId = () => `${SEGMENT_ACTION_ID_PREFIX}${stamp()}`;

/** A statistic's value as people read it: thousands separated, at most two decimals. */
export const displayNumber = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

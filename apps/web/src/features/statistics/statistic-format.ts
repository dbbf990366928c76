import {
  STATISTIC_ID_DISPLAY_LENGTH,
  type TAggregationMethod,
  type TResetInterval,
  type TStatistic,
} from '@laurel/contract';

/** What each aggregation does with a new value, shown under the picker. */
export const AGGREGATION_HINTS: Record<TAggregationMethod, string> = {
  Sum: 'Adds every new value to the running total.',
  Max: 'Keeps the highest value a player has reached.',
  Min: 'Keeps the lowest value a player has reached.',
  Last: 'Keeps the latest value a player sent.',
};

/** When each interval starts the statistic again (DESIGN §5: in the client's time zone, weeks start on Monday). */
export const RESET_HINTS: Record<TResetInterval, string> = {
  Manual: 'Never starts again on its own, only when it is reset by hand.',
  Hour: 'Starts again at the top of every hour.',
  Day: 'Starts again at midnight every day, in your time zone.',
  Week: 'Starts again every Monday at midnight, in your time zone.',
  Month: 'Starts again on the first of every month, in your time zone.',
};

/** Texts of this area's own actions; the spec's texts come from STATISTIC_MESSAGES. */
export const STATISTIC_TEXTS = {
  subtitle: 'Player metrics that segments, reward tracks and XP rules are built on.',
  system: 'System',
  systemHint: 'Kept by Laurel for every player: it cannot be changed or deleted.',
  systemNote:
    'This is a system statistic: Laurel keeps it up to date for every player from their activity, so its settings cannot be changed and it cannot be deleted.',
  readOnlyNote: 'You may view this statistic but not change it.',
  nameHintCreate: 'How rules and integrations refer to it, such as coffeeStamps. It cannot be changed later.',
  nameHintEdit: "A statistic's name cannot be changed.",
  newVersionNote:
    'Changing the reset interval starts a new version: every player starts again with no value for this statistic.',
  resetDone: (name: string) => `'${name}' was reset: every player starts again with no value.`,
  search: 'Search statistics',
  searchPlaceholder: 'Search by name',
} as const;

export const deleteConfirmTitle = (name: string) => `Confirm deletion of '${name}' statistic`;
export const deleteConfirmText =
  "Deleting this statistic will permanently remove it and every player's value of it. Segment rules, reward tracks and XP rules that use it will stop matching.";
export const resetConfirmTitle = (name: string) => `Reset '${name}' statistic?`;
export const resetConfirmText = (statistic: Pick<TStatistic, 'name' | 'version'>) =>
  `Every player starts again from no value for ${statistic.name}: version ${statistic.version + 1} begins now. The values of version ${statistic.version} are kept but no longer count.`;

/** The table shows the start of the id (spec 2 §2). */
export const shortId = (id: string) => id.slice(0, STATISTIC_ID_DISPLAY_LENGTH);

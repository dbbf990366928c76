import { PAGE_SIZES, SYSTEM_STATISTICS } from '@laurel/contract';
import { Loader, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { badgesListQuery } from '@/features/badges';
import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { statisticsListQuery } from '@/features/statistics';
import { LazySelect } from '@/ui/lazy-select';

type TOptionSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

type TOption = { value: string; label: string };
type TGroup = { group: string; items: TOption[] };

/** A saved choice that is no longer offered (a deleted statistic or badge) still shows, rather than a blank. */
const withCurrent = (groups: TGroup[], value: string | null, label: (value: string) => string) => {
  if (!value || groups.some((group) => group.items.some((item) => item.value === value))) return groups;
  return [...groups, { group: 'Not available', items: [{ value, label: label(value) }] }];
};

const loading = <Loader size={14} aria-hidden />;

/** The statistics rules can test, page 1 of 100 (spec 2 §2): the engine's first, then the client's own. */
export const StatisticSelect = ({ value, onChange, ...props }: TOptionSelectProps) => {
  const statistics = useQuery(statisticsListQuery({ page: 1, size: PAGE_SIZES.filterOptions, search: '' }));
  const list = statistics.data?.statistics ?? [];
  const rank = (name: string) => (SYSTEM_STATISTICS as readonly string[]).indexOf(name);
  const system = list
    .filter((statistic) => statistic.system)
    .map((statistic) => statistic.name)
    .sort((a, b) => rank(a) - rank(b));
  const own = list
    .filter((statistic) => !statistic.system)
    .map((statistic) => statistic.name)
    .sort((a, b) => a.localeCompare(b));
  const groups = withCurrent(
    [
      { group: 'System statistics', items: system.map((name) => ({ value: name, label: name })) },
      { group: 'Your statistics', items: own.map((name) => ({ value: name, label: name })) },
    ].filter((group) => group.items.length > 0),
    value,
    (name) => name,
  );
  return (
    <LazySelect
      {...props}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      placeholder={statistics.isPending ? SEGMENT_TEXTS.statisticsLoading : 'Choose a statistic'}
      nothingFoundMessage="No statistic matches"
      rightSection={statistics.isFetching ? loading : undefined}
    />
  );
};

/** The badges a grant_item action can give, page 1 of 100 (spec 2 §2). */
export const BadgeSelect = ({ value, onChange, ...props }: TOptionSelectProps) => {
  const badges = useQuery(badgesListQuery({ page: 1, size: PAGE_SIZES.filterOptions, search: '' }));
  const list = badges.data?.badges ?? [];
  const groups = withCurrent(
    list.length > 0
      ? [{ group: 'Badges', items: list.map((badge) => ({ value: badge._id, label: badge.name })) }]
      : [],
    value,
    (id) => `Badge ${id.slice(0, 8)}…`,
  );
  return (
    <LazySelect
      {...props}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      placeholder={badges.isPending ? SEGMENT_TEXTS.badgesLoading : 'Choose a badge'}
      nothingFoundMessage={
        list.length === 0 && !badges.isPending ? SEGMENT_TEXTS.noBadges : 'No badge matches'
      }
      rightSection={badges.isFetching ? loading : undefined}
    />
  );
};

/**
 * The challenge a grant_mission action grants. There are no challenges to list until the Challenges area lands;
 * a saved id still shows, so that such an action survives an edit.
 */
export const ChallengeSelect = ({ value, onChange, ...props }: TOptionSelectProps) => (
  <LazySelect
    {...props}
    data={withCurrent([], value, (id) => `Challenge ${id}`)}
    value={value}
    onChange={onChange}
    allowDeselect={false}
    placeholder="Choose a challenge"
    nothingFoundMessage={SEGMENT_TEXTS.noChallenges}
  />
);

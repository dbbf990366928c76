import { mayUse, PAGE_SIZES, SYSTEM_STATISTICS } from '@laurel/contract';
import { Loader, type SelectProps } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { planOpensArea } from '@/app/console/plan-access';
import { badgesListQuery } from '@/features/badges';
import { challengesListQuery } from '@/features/challenges';
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
  const user = useSession()?.user;
  // Without the Statistics View flag the list is refused: the saved rule's statistic still shows by its name.
  const statistics = useQuery({
    ...statisticsListQuery({ page: 1, size: PAGE_SIZES.filterOptions, search: '' }),
    enabled: mayUse(user, 'STATISTICS', 'read'),
  });
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
      placeholder={
        statistics.isFetching && !statistics.data ? SEGMENT_TEXTS.statisticsLoading : 'Choose a statistic'
      }
      nothingFoundMessage="No statistic matches"
      rightSection={statistics.isFetching ? loading : undefined}
    />
  );
};

type TRecordSelectProps = TOptionSelectProps & {
  /** The list's query, enabled only for holders of the area's View flag: for others only the saved choice shows. */
  records: Pick<UseQueryResult<TOption[]>, 'data' | 'isFetching' | 'isPending' | 'fetchStatus'>;
  group: string;
  fallbackLabel: (id: string) => string;
  loadingText: string;
  placeholder: string;
  emptyText: string;
  noMatchText: string;
};

/**
 * A record picked by id from page 1 of 100 of its area's list (spec 2 §2: badge and challenge pickers). Someone
 * without that area's View flag lists nothing (the API would refuse it) and sees the saved choice as it is.
 */
const RecordSelect = ({
  records,
  group,
  fallbackLabel,
  loadingText,
  placeholder,
  emptyText,
  noMatchText,
  value,
  onChange,
  ...props
}: TRecordSelectProps) => {
  const list = records.data ?? [];
  // A disabled query stays pending without fetching: only a fetch on its way is "loading".
  const pending = records.isPending && records.fetchStatus !== 'idle';
  const groups = withCurrent(list.length > 0 ? [{ group, items: list }] : [], value, fallbackLabel);
  return (
    <LazySelect
      {...props}
      data={groups}
      value={value}
      onChange={onChange}
      searchable
      allowDeselect={false}
      placeholder={pending ? loadingText : placeholder}
      nothingFoundMessage={list.length === 0 && !pending ? emptyText : noMatchText}
      rightSection={records.isFetching ? loading : undefined}
    />
  );
};

const firstPage = { page: 1, size: PAGE_SIZES.filterOptions, search: '' };

/** The badges a grant_item action can give (spec 2 §2). */
export const BadgeSelect = (props: TOptionSelectProps) => {
  const user = useSession()?.user;
  const badges = useQuery({
    ...badgesListQuery(firstPage),
    enabled: mayUse(user, 'BADGES', 'read'),
    select: (page) => page.badges.map((badge) => ({ value: badge._id, label: badge.name })),
  });
  return (
    <RecordSelect
      {...props}
      records={badges}
      group="Badges"
      fallbackLabel={(id) => `Badge ${id.slice(-8)}`}
      loadingText={SEGMENT_TEXTS.badgesLoading}
      placeholder="Choose a badge"
      emptyText={SEGMENT_TEXTS.noBadges}
      noMatchText="No badge matches"
    />
  );
};

/** The challenge a grant_mission action grants (spec 2 §2). */
export const ChallengeSelect = (props: TOptionSelectProps) => {
  const user = useSession()?.user;
  const plan = useClientRecord().data?.clientSubscription;
  const challenges = useQuery({
    ...challengesListQuery(firstPage),
    // Challenges are a GROWTH feature: on a smaller plan there are none to list (and the API would answer 402).
    enabled: mayUse(user, 'CHALLENGES', 'read') && planOpensArea(plan, 'CHALLENGES'),
    select: (page) => page.challenges.map((challenge) => ({ value: challenge._id, label: challenge.title })),
  });
  return (
    <RecordSelect
      {...props}
      records={challenges}
      group="Challenges"
      fallbackLabel={(id) => `Challenge ${id.slice(-8)}`}
      loadingText={SEGMENT_TEXTS.challengesLoading}
      placeholder="Choose a challenge"
      emptyText={SEGMENT_TEXTS.noChallenges}
      noMatchText="No challenge matches"
    />
  );
};

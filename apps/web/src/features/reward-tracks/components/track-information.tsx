import { isSystemStatistic, REWARD_TRACK_MESSAGES, REWARD_TRACK_NAME_MAX_LENGTH } from '@laurel/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TTrackFormValues } from '@/features/reward-tracks/track-form-values';
import type { TTrackKind } from '@/features/reward-tracks/track-kinds';
import { statisticsListQuery } from '@/features/statistics';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { LazySelect } from '@/ui/lazy-select';
import { SectionCard } from '@/ui/section-card';

const DAY_FORMAT = 'D MMM YYYY';
const STATISTIC_CHOICES = { page: 1, size: 100, search: '' } as const;

type TSetter = <K extends keyof TTrackFormValues>(field: K, value: TTrackFormValues[K]) => void;

/** A generic track's source and target, chosen from the client's statistics (spec 3 §2). */
const StatisticPickers = ({
  values,
  set,
  errors,
  readOnly,
}: {
  values: TTrackFormValues;
  set: TSetter;
  errors: { source?: string | undefined; target?: string | undefined };
  readOnly: boolean;
}) => {
  const statistics = useQuery(statisticsListQuery(STATISTIC_CHOICES));
  const names = (statistics.data?.statistics ?? []).map((statistic) => statistic.name);
  // The engine keeps its own statistics: a track may read them but not set them.
  const targets = names.filter((name) => !isSystemStatistic(name));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazySelect
        label="Source"
        description="The statistic whose value reaches the milestones."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        searchable
        placeholder={statistics.isPending ? 'Loading statistics…' : 'Choose a statistic'}
        data={names}
        value={values.source || null}
        onChange={(value) => set('source', value ?? '')}
        nothingFoundMessage="No statistic with that name"
        error={errors.source}
        readOnly={readOnly}
      />
      <LazySelect
        label="Target"
        description="The statistic a milestone sets; one of your own statistics."
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        searchable
        placeholder={statistics.isPending ? 'Loading statistics…' : 'Choose a statistic'}
        data={targets}
        value={values.target || null}
        onChange={(value) => set('target', value ?? '')}
        nothingFoundMessage="No statistic of your own with that name"
        error={errors.target}
        readOnly={readOnly}
      />
    </SimpleGrid>
  );
};

type TTrackInformationProps = {
  kind: TTrackKind;
  values: TTrackFormValues;
  set: TSetter;
  errors: { name?: string | undefined; source?: string | undefined; target?: string | undefined };
  readOnly: boolean;
};

/** 'Reward Track Information': name, start date and end date (end not before start, whole days). */
export const TrackInformation = ({ kind, values, set, errors, readOnly }: TTrackInformationProps) => (
  <SectionCard
    title={REWARD_TRACK_MESSAGES.informationSection}
    description={
      kind.fixed
        ? `Players move along this track as their ${kind.fixed.source} grows; each milestone sets their ${kind.fixed.target}.`
        : 'Players move along this track as the source statistic grows; each milestone sets the target statistic.'
    }
  >
    <TextInput
      label="Name"
      required
      maxLength={REWARD_TRACK_NAME_MAX_LENGTH}
      autoComplete="off"
      placeholder={
        kind.fixed
          ? `e.g. ${kind.fixed.target === 'tier' ? 'Coffee Club Tiers' : 'Coffee Club Levels'}`
          : 'e.g. Stamp Card'
      }
      value={values.name}
      onChange={(event) => set('name', event.currentTarget.value)}
      error={errors.name}
      readOnly={readOnly}
    />
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazyDateInput
        label="Start Date"
        required
        placeholder="Pick a day"
        valueFormat={DAY_FORMAT}
        leftSection={<IconCalendar size={16} aria-hidden />}
        clearable
        readOnly={readOnly}
        value={values.start_date}
        onChange={(value) => set('start_date', value || null)}
      />
      <LazyDateInput
        label="End Date"
        required
        placeholder="Pick a day"
        valueFormat={DAY_FORMAT}
        leftSection={<IconCalendar size={16} aria-hidden />}
        clearable
        minDate={values.start_date ?? undefined}
        readOnly={readOnly}
        value={values.end_date}
        onChange={(value) => set('end_date', value || null)}
      />
    </SimpleGrid>
    {kind.fixed ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Source" value={kind.fixed.source} readOnly description="Fixed for this track." />
        <TextInput label="Target" value={kind.fixed.target} readOnly description="Fixed for this track." />
      </SimpleGrid>
    ) : (
      <StatisticPickers values={values} set={set} errors={errors} readOnly={readOnly} />
    )}
  </SectionCard>
);

import {
  QUALIFICATION_MONTHS,
  QUALIFICATION_WINDOW_LABELS,
  QUALIFICATION_WINDOWS,
  REWARD_TRACK_MESSAGES,
  type TQualificationWindow,
  type TYearEndRuleFlag,
  YEAR_END_RULE_FLAGS,
  YEAR_END_RULE_LABELS,
} from '@laurel/contract';
import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { numberOrZero, type TTrackFormValues } from '@/features/reward-tracks/track-form-values';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';
import { SectionCard } from '@/ui/section-card';

type TSetter = <K extends keyof TTrackFormValues>(field: K, value: TTrackFormValues[K]) => void;
type TRulesProps = { values: TTrackFormValues; set: TSetter; readOnly: boolean };

const YEAR_END_HINTS: Record<TYearEndRuleFlag, string> = {
  reset_points_annually:
    "At the year's end (in your account's time zone) the source points start again from 0.",
  persist_tier_levels_annually: "Players keep the level or tier they reached when the year's points reset.",
};

/** 'Configure Year-End Rules' (spec 3 §2): the two flags. */
export const YearEndRules = ({ values, set, readOnly }: TRulesProps) => (
  <SectionCard title={REWARD_TRACK_MESSAGES.yearEndRulesSection}>
    <Stack gap="sm">
      {YEAR_END_RULE_FLAGS.map((flag) => (
        <Checkbox
          key={flag}
          label={YEAR_END_RULE_LABELS[flag]}
          description={YEAR_END_HINTS[flag]}
          checked={values[flag]}
          onChange={(event) => set(flag, event.currentTarget.checked)}
          disabled={readOnly}
        />
      ))}
    </Stack>
  </SectionCard>
);

const WINDOW_OPTIONS = QUALIFICATION_WINDOWS.map((value) => ({
  value,
  label: QUALIFICATION_WINDOW_LABELS[value],
}));

/**
 * 'Tier Qualification' (beyond the spec, as the best loyalty programmes do): a tier earned from the last N months'
 * highest level or the calendar year's, reviewed on each player's review date, dropping at most one tier a review.
 */
export const TierQualificationRules = ({ values, set, readOnly }: TRulesProps) => (
  <SectionCard
    title="Tier Qualification"
    description="How a tier is earned and kept. With a window, each player's tier is reviewed once a year on their review date."
  >
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazySelect
        label="Qualification window"
        data={WINDOW_OPTIONS}
        allowDeselect={false}
        value={values.qualification_window}
        onChange={(value) => value && set('qualification_window', value as TQualificationWindow)}
        readOnly={readOnly}
      />
      <LazyNumberInput
        label="Qualification months"
        description={`The rolling window's length, ${QUALIFICATION_MONTHS.min} to ${QUALIFICATION_MONTHS.max} months.`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        min={QUALIFICATION_MONTHS.min}
        max={QUALIFICATION_MONTHS.max}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        disabled={values.qualification_window !== 'ROLLING_MONTHS'}
        value={values.qualification_months}
        onChange={(value) => set('qualification_months', numberOrZero(value) || QUALIFICATION_MONTHS.default)}
        readOnly={readOnly}
      />
    </SimpleGrid>
    <Checkbox
      label="Drop at most one tier per review"
      description="A player whose level fell keeps all but one of the tiers they lost until the next review."
      checked={values.downgrade_one_tier_per_review}
      onChange={(event) => set('downgrade_one_tier_per_review', event.currentTarget.checked)}
      disabled={readOnly || values.qualification_window === 'NONE'}
    />
  </SectionCard>
);

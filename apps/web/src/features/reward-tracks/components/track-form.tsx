import { BUTTON_LABELS, COMMON_MESSAGES, MILESTONE_LIMITS, REWARD_TRACK_MESSAGES } from '@laurel/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { MilestoneBlock } from '@/features/reward-tracks/components/milestone-block';
import { TrackInformation } from '@/features/reward-tracks/components/track-information';
import { TierQualificationRules, YearEndRules } from '@/features/reward-tracks/components/track-rules';
import {
  errorsByField,
  groupErrors,
  isEdited,
  numberOrZero,
  type TMilestoneField,
  type TMilestoneValues,
  type TTrackFormValues,
  validateTrack,
  withMilestoneCount,
} from '@/features/reward-tracks/track-form-values';
import type { TTrackKind } from '@/features/reward-tracks/track-kinds';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { SectionCard } from '@/ui/section-card';
import { useEditedFlag } from '@/ui/use-edited-flag';
import { openValidationErrorModal } from '@/ui/validation-error-modal';

export type TTrackFormProps = {
  kind: TTrackKind;
  /** The form's accessible name (the page title). */
  label: string;
  initialValues: TTrackFormValues;
  readOnly?: boolean;
  submitting?: boolean;
  onSubmit: (values: TTrackFormValues) => void;
};

const MILESTONE_FIELDS: readonly TMilestoneField[] = [
  'name',
  'colour',
  'source_value',
  'target_value',
  'image',
];

/**
 * A track page's form (spec 3 §2, §4, §5): the information, the year-end rules (and a tier track's qualification),
 * the number of milestones and one block per milestone. Save is enabled once something is edited; a save with
 * errors opens 'Validation Error' listing all of them and marks the fields, and nothing is sent.
 */
export const TrackForm = ({
  kind,
  label,
  initialValues,
  readOnly = false,
  submitting = false,
  onSubmit,
}: TTrackFormProps) => {
  const [values, setValues] = useState(initialValues);
  const [showErrors, setShowErrors] = useState(false);
  const edited = useEditedFlag(isEdited(values, initialValues));
  const errors = useMemo(() => validateTrack(kind, values), [kind, values]);
  const fieldErrors = showErrors ? errorsByField(errors) : {};

  const set = <K extends keyof TTrackFormValues>(field: K, value: TTrackFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setMilestone = (index: number, milestone: TMilestoneValues) =>
    setValues((current) => ({
      ...current,
      milestones: current.milestones.map((item, position) => (position === index ? milestone : item)),
    }));
  const milestoneErrors = (index: number) =>
    Object.fromEntries(
      MILESTONE_FIELDS.flatMap((field) => {
        const message = fieldErrors[`milestones.${index}.${field}`];
        return message ? [[field, message]] : [];
      }),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || submitting) return;
    if (errors.length > 0) {
      setShowErrors(true);
      openValidationErrorModal({ intro: COMMON_MESSAGES.correctErrorsColon, groups: groupErrors(errors) });
      return;
    }
    onSubmit(values);
  };

  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper
          withBorder
          radius="md"
          px={{ base: 'md', sm: 'lg' }}
          py="sm"
          pos="sticky"
          top={64}
          style={{ zIndex: 3 }}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {readOnly
                ? 'You may view this reward track.'
                : edited
                  ? 'You have unsaved changes.'
                  : 'Make a change to enable Save.'}
            </Text>
            {!readOnly && (
              <Button
                type="submit"
                disabled={!edited}
                loading={submitting}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              >
                {BUTTON_LABELS.save}
              </Button>
            )}
          </Group>
        </Paper>
        <TrackInformation kind={kind} values={values} set={set} errors={fieldErrors} readOnly={readOnly} />
        <YearEndRules values={values} set={set} readOnly={readOnly} />
        {kind.type === 'TIER_PROGRESSION' && (
          <TierQualificationRules values={values} set={set} readOnly={readOnly} />
        )}
        <SectionCard
          title={REWARD_TRACK_MESSAGES.milestonesSection}
          description={
            kind.targetLockedToPosition
              ? 'Up to five milestones, one per tier: milestone 1 is Bronze, 2 Silver, 3 Gold, 4 Platinum and 5 Diamond.'
              : 'Up to five milestones, each reached at a source value and setting the target.'
          }
        >
          <LazyNumberInput
            label={REWARD_TRACK_MESSAGES.numberOfMilestones}
            min={MILESTONE_LIMITS.min}
            max={MILESTONE_LIMITS.max}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            w={{ base: '100%', sm: 220 }}
            value={values.milestone_count}
            onChange={(value) => {
              // A cleared box keeps the list as it is until a number is typed.
              if (value === '') return;
              setValues((current) => withMilestoneCount(kind, current, numberOrZero(value)));
            }}
            readOnly={readOnly}
          />
        </SectionCard>
        {values.milestones.map((milestone, index) => (
          <MilestoneBlock
            key={milestone.key}
            kind={kind}
            index={index}
            milestone={milestone}
            errors={milestoneErrors(index)}
            readOnly={readOnly}
            onChange={(next) => setMilestone(index, next)}
          />
        ))}
      </Stack>
    </form>
  );
};

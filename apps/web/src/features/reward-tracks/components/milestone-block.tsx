import { milestoneLabel, tierByNumber } from '@laurel/contract';
import { Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { MilestoneImage } from '@/features/reward-tracks/components/milestone-image';
import {
  numberOrZero,
  type TMilestoneField,
  type TMilestoneValues,
} from '@/features/reward-tracks/track-form-values';
import type { TTrackKind } from '@/features/reward-tracks/track-kinds';
import { LazyColorInput } from '@/ui/lazy-field/lazy-color-input';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';

/** Colours offered beside the picker: the theme's gold first, then the tier colours players know. */
const SWATCHES = ['#d2a023', '#cd7f32', '#c0c0c0', '#ffd700', '#e5e4e2', '#b9f2ff', '#1971c2', '#2f9e44'];

type TMilestoneBlockProps = {
  kind: TTrackKind;
  /** 0-based position in the list. */
  index: number;
  milestone: TMilestoneValues;
  errors: Partial<Record<TMilestoneField, string>>;
  readOnly: boolean;
  onChange: (milestone: TMilestoneValues) => void;
};

/**
 * One 'Milestone n' block (spec 3 §2, §5): name, colour, the source value that reaches it, the target it sets and its
 * image. A tier milestone's tier is its position (1 Bronze … 5 Diamond) and cannot be typed.
 */
export const MilestoneBlock = ({
  kind,
  index,
  milestone,
  errors,
  readOnly,
  onChange,
}: TMilestoneBlockProps) => {
  const label = milestoneLabel(index + 1);
  const set = <K extends keyof TMilestoneValues>(field: K, value: TMilestoneValues[K]) =>
    onChange({ ...milestone, [field]: value });
  const tier = kind.targetLockedToPosition ? tierByNumber(index + 1) : undefined;

  return (
    <Paper
      component="section"
      role="group"
      aria-label={label}
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Text fw={650}>{label}</Text>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="Name"
              required
              placeholder={kind.namePlaceholders[index] ?? 'e.g. Gold'}
              autoComplete="off"
              value={milestone.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={errors.name}
              readOnly={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <LazyColorInput
              label="Colour"
              required
              placeholder="#d2a023"
              format="hex"
              swatches={SWATCHES}
              value={milestone.colour}
              onChange={(value) => set('colour', value)}
              error={errors.colour}
              readOnly={readOnly}
              disallowInput={false}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <LazyNumberInput
              label={kind.sourceValueLabel}
              description={`The ${kind.fixed?.source ?? 'source'} value a player needs to reach this milestone.`}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              min={1}
              // Not clamped: a cleared or 0 value stays 0, which the save answers with the spec's message
              // ('Value is required', 'Source value must be greater than 0'; spec 3 §5) instead of turning it into 1.
              clampBehavior="none"
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={milestone.source_value}
              onChange={(value) => set('source_value', numberOrZero(value))}
              error={errors.source_value}
              readOnly={readOnly}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            {kind.targetLockedToPosition ? (
              <LazyNumberInput
                label={kind.targetValueLabel}
                description={`${tier ?? ''}: a tier milestone's tier is fixed by its position.`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                value={milestone.target_value}
                readOnly
                rightSection={
                  <Text size="xs" c="dimmed" pr="xs">
                    {tier}
                  </Text>
                }
                rightSectionWidth={80}
                error={errors.target_value}
              />
            ) : (
              <LazyNumberInput
                label={kind.targetValueLabel}
                description={`What the ${kind.fixed?.target ?? 'target'} becomes on reaching this milestone.`}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                required
                min={1}
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                value={milestone.target_value}
                onChange={(value) => set('target_value', numberOrZero(value))}
                error={errors.target_value}
                readOnly={readOnly}
              />
            )}
          </Grid.Col>
          <Grid.Col span={12}>
            <MilestoneImage
              label={label}
              imageUrl={milestone.image_url}
              file={milestone.file}
              onFile={(file) => onChange({ ...milestone, file, isFileEdited: true })}
              error={errors.image}
              readOnly={readOnly}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </Paper>
  );
};

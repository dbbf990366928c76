import {
  AGGREGATION_METHODS,
  BUTTON_LABELS,
  RESET_INTERVALS,
  STATISTIC_NAME_MAX_LENGTH,
  type TAggregationMethod,
  type TCreateStatisticRequest,
  type TResetInterval,
  type TUpdateStatisticRequest,
} from '@laurel/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import {
  isSameValues,
  parseStatisticForm,
  type TStatisticFormErrors,
  type TStatisticFormField,
  type TStatisticFormValues,
} from '@/features/statistics/statistic-form-values';
import { AGGREGATION_HINTS, RESET_HINTS, STATISTIC_TEXTS } from '@/features/statistics/statistic-format';
import { LazySelect } from '@/ui/lazy-select';
import { useEditedFlag } from '@/ui/use-edited-flag';

/** Hints sit under the inputs, so that side-by-side pickers line up whatever the length of their hints. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

export type TStatisticFormProps = {
  /** The form's accessible name. */
  label: string;
  initialValues: TStatisticFormValues;
  isNew: boolean;
  /** System statistics, or a user without the flag: everything shows, nothing changes. */
  readOnly?: boolean;
  /** Field errors the server gave for the last save. */
  errors?: TStatisticFormErrors;
  submitting?: boolean;
  onSubmit: (body: TCreateStatisticRequest | TUpdateStatisticRequest) => void;
};

/**
 * The statistic editor's fields (spec 2 §2, §5): Name (fixed once created), Aggregation Method and Reset Interval.
 * The button reads Create or Update and is enabled only once something was edited; messages show on the fields.
 */
export const StatisticForm = ({
  label,
  initialValues,
  isNew,
  readOnly = false,
  errors: serverErrors = {},
  submitting = false,
  onSubmit,
}: TStatisticFormProps) => {
  const headingId = useId();
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<TStatisticFormField>>(new Set());
  // A server error stays on its field until that field is edited.
  const [stale, setStale] = useState<ReadonlySet<TStatisticFormField>>(new Set());
  const result = useMemo(() => parseStatisticForm(values, isNew), [values, isNew]);
  const edited = useEditedFlag(!isSameValues(values, initialValues));

  const errorOf = (field: TStatisticFormField) =>
    (touched.has(field) && !result.ok ? result.errors[field] : undefined) ??
    (stale.has(field) ? undefined : serverErrors[field]);
  const touch = (...fields: TStatisticFormField[]) =>
    setTouched((current) =>
      fields.every((field) => current.has(field)) ? current : new Set([...current, ...fields]),
    );
  const set = <K extends TStatisticFormField>(field: K, value: TStatisticFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setStale((current) => (current.has(field) ? current : new Set([...current, field])));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited) return;
    if (!result.ok) {
      touch(...(Object.keys(result.errors) as TStatisticFormField[]));
      return;
    }
    setStale(new Set());
    onSubmit(result.body);
  };

  const intervalChanged = !isNew && values.reset_interval !== initialValues.reset_interval;

  return (
    <form aria-label={label} onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper
          component="section"
          aria-labelledby={headingId}
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'lg' }}
        >
          <Stack gap="md">
            <Stack gap={2}>
              <Title id={headingId} order={2} fz="h4">
                Details
              </Title>
              <Text size="sm" c="dimmed">
                How the statistic is named, how new values combine and when it starts again.
              </Text>
            </Stack>
            <TextInput
              label="Name"
              inputWrapperOrder={HINT_BELOW}
              description={isNew ? STATISTIC_TEXTS.nameHintCreate : STATISTIC_TEXTS.nameHintEdit}
              required
              disabled={!isNew || readOnly}
              maxLength={STATISTIC_NAME_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              onBlur={() => touch('name')}
              error={errorOf('name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <LazySelect
                label="Aggregation Method"
                inputWrapperOrder={HINT_BELOW}
                description={
                  values.aggregation_method ? AGGREGATION_HINTS[values.aggregation_method] : undefined
                }
                data={AGGREGATION_METHODS}
                value={values.aggregation_method}
                allowDeselect={false}
                required
                disabled={readOnly}
                onChange={(value) => {
                  set('aggregation_method', value as TAggregationMethod | null);
                  touch('aggregation_method');
                }}
                error={errorOf('aggregation_method')}
              />
              <LazySelect
                label="Reset Interval"
                inputWrapperOrder={HINT_BELOW}
                description={values.reset_interval ? RESET_HINTS[values.reset_interval] : undefined}
                data={RESET_INTERVALS}
                value={values.reset_interval}
                allowDeselect={false}
                required
                disabled={readOnly}
                onChange={(value) => {
                  set('reset_interval', value as TResetInterval | null);
                  touch('reset_interval');
                }}
                error={errorOf('reset_interval')}
              />
            </SimpleGrid>
            {intervalChanged && (
              <Alert variant="light" color="orange" icon={<IconInfoCircle size={18} aria-hidden />}>
                {STATISTIC_TEXTS.newVersionNote}
              </Alert>
            )}
          </Stack>
        </Paper>
        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            {edited && (
              <Button
                variant="default"
                disabled={submitting}
                onClick={() => {
                  setValues(initialValues);
                  setTouched(new Set());
                }}
              >
                {BUTTON_LABELS.cancel}
              </Button>
            )}
            <Button type="submit" disabled={!edited} loading={submitting}>
              {isNew ? BUTTON_LABELS.create : BUTTON_LABELS.update}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

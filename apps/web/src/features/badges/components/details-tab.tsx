import {
  BADGE_CATEGORIES,
  BADGE_MAX_LEVEL,
  BADGE_MAX_QUANTITY,
  BADGE_NAME_MAX_LENGTH,
  BADGE_QUANTITY_TYPES,
  badgeQuantityType,
  type TBadgeCategory,
} from '@laurel/contract';
import { Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import type { TBadgeTabProps } from '@/features/badges/components/tab-props';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';

const DAY_FORMAT = 'D MMM YYYY';

/** Number inputs give '' while cleared, else a number. */
const toNumber = (value: string | number): number | '' =>
  value === '' ? '' : typeof value === 'number' ? value : Number.isNaN(Number(value)) ? '' : Number(value);

/**
 * Name, Enable Dates with Start Date and End Date (editable only while enabled), Quantity Type and Quantity
 * (editable only when Limited), Category and Level (spec 2 §2, DESIGN §9).
 */
export const DetailsTab = ({
  values,
  set,
  errors,
  readOnly,
  granted,
}: TBadgeTabProps & { granted: number }) => (
  <Stack gap="md">
    <TextInput
      label="Name"
      required
      maxLength={BADGE_NAME_MAX_LENGTH}
      placeholder="e.g. Coffee Connoisseur"
      autoComplete="off"
      value={values.name}
      onChange={(event) => set('name', event.currentTarget.value)}
      error={errors.name}
      readOnly={readOnly}
    />
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazySelect
        label="Category"
        data={BADGE_CATEGORIES}
        value={values.category}
        allowDeselect={false}
        onChange={(value) => value && set('category', value as TBadgeCategory)}
        error={errors.category}
        readOnly={readOnly}
      />
      <LazyNumberInput
        label="Level"
        description={`From 1 to ${BADGE_MAX_LEVEL}; shown in the badge transactions report.`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        min={1}
        max={BADGE_MAX_LEVEL}
        clampBehavior="strict"
        allowDecimal={false}
        allowNegative={false}
        value={values.level}
        onChange={(value) => set('level', toNumber(value))}
        error={errors.level}
        readOnly={readOnly}
      />
    </SimpleGrid>
    <Checkbox
      label="Enable Dates"
      description="Players can earn the badge only between these days."
      checked={values.dates_enabled}
      onChange={(event) => set('dates_enabled', event.currentTarget.checked)}
      disabled={readOnly}
    />
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazyDateInput
        label="Start Date"
        required={values.dates_enabled}
        placeholder="Pick a day"
        valueFormat={DAY_FORMAT}
        leftSection={<IconCalendar size={16} aria-hidden />}
        clearable
        disabled={!values.dates_enabled}
        readOnly={readOnly}
        value={values.start_date}
        onChange={(value) => set('start_date', value || null)}
        error={values.dates_enabled ? errors.start_date : undefined}
      />
      <LazyDateInput
        label="End Date"
        required={values.dates_enabled}
        placeholder="Pick a day"
        valueFormat={DAY_FORMAT}
        leftSection={<IconCalendar size={16} aria-hidden />}
        clearable
        disabled={!values.dates_enabled}
        readOnly={readOnly}
        value={values.end_date}
        onChange={(value) => set('end_date', value || null)}
        error={values.dates_enabled ? errors.end_date : undefined}
      />
    </SimpleGrid>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <LazySelect
        label="Quantity Type"
        data={BADGE_QUANTITY_TYPES}
        value={badgeQuantityType(values.quantity_limited)}
        allowDeselect={false}
        onChange={(value) => set('quantity_limited', value === 'Limited')}
        readOnly={readOnly}
      />
      <LazyNumberInput
        label="Quantity"
        description={
          values.quantity_limited
            ? granted > 0
              ? `${granted.toLocaleString('en-US')} granted so far: the stock cannot go below that.`
              : 'How many players can earn it in total.'
            : 'Unlimited badges have no stock.'
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required={values.quantity_limited}
        min={granted}
        max={BADGE_MAX_QUANTITY}
        allowDecimal={false}
        allowNegative={false}
        disabled={!values.quantity_limited}
        readOnly={readOnly}
        value={values.quantity}
        onChange={(value) => set('quantity', toNumber(value))}
        error={values.quantity_limited ? errors.quantity : undefined}
      />
    </SimpleGrid>
  </Stack>
);

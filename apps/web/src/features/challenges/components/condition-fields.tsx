import {
  PAYMENT_METHOD_SCOPE_LABELS,
  PAYMENT_TRIGGER_METHODS,
  VALUE_NODE_LIMITS,
  ZDateRangeType,
  ZRecurringFrequency,
  ZTimeRangeType,
  ZWeekday,
} from '@laurel/contract';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { LazyDateInput } from '@/ui/lazy-field/lazy-date-input';
import { numberOrNull, type TNodeFieldsProps } from './node-fields-props';
import { TriggerQuantityInput } from './trigger-quantity-input';

const DAY_FORMAT = 'D MMM YYYY';
const capitalised = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
const options = (values: readonly string[]) => values.map((value) => ({ value, label: capitalised(value) }));

/** Payment trigger: the event was paid by one of the chosen methods (Credit/Debit Card, Wallet). */
const PaymentMethodFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => {
  const scopes = config.scopes ?? [];
  return (
    <Checkbox.Group
      label="Payment Methods"
      value={scopes.filter((scope) => scope.type === 'payment_method').map((scope) => scope.value)}
      onChange={(values) =>
        onChange({ ...config, scopes: values.map((value) => ({ type: 'payment_method' as const, value })) })
      }
    >
      <Stack gap={6} mt={6}>
        {PAYMENT_TRIGGER_METHODS.map((method) => (
          <Checkbox
            key={method}
            value={method}
            label={PAYMENT_METHOD_SCOPE_LABELS[method]}
            disabled={readOnly}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
};

/** Date range: within a number of days of the grant (duration), or between two days. */
const DateRangeFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => {
  const between = config.range_type === 'between';
  return (
    <Stack gap="sm">
      <Select
        label="Range Type"
        data={options(ZDateRangeType.options)}
        allowDeselect={false}
        readOnly={readOnly}
        value={between ? 'between' : 'duration'}
        onChange={(value) => value && onChange({ ...config, range_type: value as 'duration' | 'between' })}
      />
      {between ? (
        <SimpleGrid cols={2} spacing="sm">
          <LazyDateInput
            label="Start Date"
            placeholder="Pick a day"
            valueFormat={DAY_FORMAT}
            leftSection={<IconCalendar size={16} aria-hidden />}
            readOnly={readOnly}
            value={config.start_date ?? null}
            onChange={(value) => onChange({ ...config, start_date: value || null })}
          />
          <LazyDateInput
            label="End Date"
            placeholder="Pick a day"
            valueFormat={DAY_FORMAT}
            leftSection={<IconCalendar size={16} aria-hidden />}
            readOnly={readOnly}
            value={config.end_date ?? null}
            onChange={(value) => onChange({ ...config, end_date: value || null })}
          />
        </SimpleGrid>
      ) : (
        <NumberInput
          label="Days"
          description="Counted from the challenge's start day."
          min={1}
          allowDecimal={false}
          allowNegative={false}
          readOnly={readOnly}
          value={config.days ?? ''}
          onChange={(value) => onChange({ ...config, days: numberOrNull(value) })}
        />
      )}
    </Stack>
  );
};

/** Time of day in the client's time zone: events After or Before it count. */
const TimeFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => (
  <SimpleGrid cols={2} spacing="sm">
    <Select
      label="Range Type"
      data={[...ZTimeRangeType.options]}
      allowDeselect={false}
      readOnly={readOnly}
      value={config.range_type === 'Before' ? 'Before' : 'After'}
      onChange={(value) => value && onChange({ ...config, range_type: value as 'After' | 'Before' })}
    />
    <TimeInput
      label="Time"
      readOnly={readOnly}
      value={config.time ?? '12:00'}
      onChange={(event) => onChange({ ...config, time: event.currentTarget.value })}
    />
  </SimpleGrid>
);

/** Value: the event's value must be at least this (at most 999999999, 20 characters). */
const ValueFields = ({ config, currencySymbol, readOnly, onChange }: TNodeFieldsProps) => {
  const text = config.value === null || config.value === undefined ? '' : String(config.value);
  const number = Number(text);
  const error =
    text !== '' && (!Number.isFinite(number) || number < 0 || number > VALUE_NODE_LIMITS.max)
      ? `Value must be a number between 0 and ${VALUE_NODE_LIMITS.max}`
      : undefined;
  return (
    <TextInput
      label="Value"
      description={`The event's value must be at least this (${currencySymbol}).`}
      inputMode="decimal"
      maxLength={VALUE_NODE_LIMITS.maxLength}
      leftSection={<Text size="sm">{currencySymbol}</Text>}
      readOnly={readOnly}
      value={text}
      error={error}
      onChange={(event) => onChange({ ...config, value: event.currentTarget.value.replace(/[^0-9.]/g, '') })}
    />
  );
};

/** Recurring: at least `count` events in each period. */
const RecurringFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => (
  <SimpleGrid cols={2} spacing="sm">
    <Select
      label="Frequency"
      data={options(ZRecurringFrequency.options)}
      allowDeselect={false}
      readOnly={readOnly}
      value={config.frequency ?? 'daily'}
      onChange={(value) => value && onChange({ ...config, frequency: value as typeof config.frequency })}
    />
    <NumberInput
      label="Interval"
      min={1}
      max={365}
      allowDecimal={false}
      allowNegative={false}
      readOnly={readOnly}
      value={config.interval ?? 1}
      onChange={(value) => onChange({ ...config, interval: numberOrNull(value) ?? 1 })}
    />
    <Select
      label="Day"
      data={options(ZWeekday.options)}
      allowDeselect={false}
      disabled={config.frequency !== 'weekly'}
      readOnly={readOnly}
      value={config.day ?? 'monday'}
      onChange={(value) => value && onChange({ ...config, day: value as typeof config.day })}
    />
    <NumberInput
      label="Count"
      min={1}
      max={999}
      allowDecimal={false}
      allowNegative={false}
      readOnly={readOnly}
      value={config.count ?? 1}
      onChange={(value) => onChange({ ...config, count: numberOrNull(value) ?? 1 })}
    />
  </SimpleGrid>
);

const UniqueFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => (
  <TextInput
    label="Field"
    description="Each counted event needs a value of this field not counted before (for example product_id)."
    maxLength={64}
    readOnly={readOnly}
    value={config.field ?? ''}
    onChange={(event) => onChange({ ...config, field: event.currentTarget.value || null })}
  />
);

const TriggerQuantityFields = ({
  config,
  eventType,
  currencySymbol,
  readOnly,
  onChange,
}: TNodeFieldsProps) => (
  <TriggerQuantityInput
    eventType={eventType}
    value={config.trigger?.trigger_quantity}
    currencySymbol={currencySymbol}
    readOnly={readOnly}
    onChange={(quantity) =>
      onChange({ ...config, trigger: { ...config.trigger, trigger_quantity: quantity } })
    }
  />
);

/** The condition kinds' fields; the product/category node has its own panel. */
export const ConditionFields = (props: TNodeFieldsProps) => {
  switch (props.node.data.node_type) {
    case 'payment_method':
      return <PaymentMethodFields {...props} />;
    case 'date_range':
      return <DateRangeFields {...props} />;
    case 'time':
      return <TimeFields {...props} />;
    case 'value':
      return <ValueFields {...props} />;
    case 'recurring':
      return <RecurringFields {...props} />;
    case 'unique':
      return <UniqueFields {...props} />;
    case 'trigger_quantity':
      return <TriggerQuantityFields {...props} />;
    default:
      return (
        <Text size="sm" c="dimmed">
          Only the player's first event of the objective's kind counts.
        </Text>
      );
  }
};

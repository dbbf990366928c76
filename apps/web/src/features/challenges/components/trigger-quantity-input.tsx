import {
  clampTriggerQuantity,
  type TObjectiveEventType,
  TRIGGER_KIND_BY_EVENT_TYPE,
  TRIGGER_QUANTITY_LIMITS,
} from '@laurel/contract';
import { NumberInput } from '@mantine/core';
import { numberOrNull } from './node-fields-props';

type TTriggerQuantityInputProps = {
  eventType: TObjectiveEventType | null;
  value: number | string | null | undefined;
  currencySymbol: string;
  readOnly: boolean;
  onChange: (value: number | null) => void;
};

/**
 * The trigger quantity with its event type's bounds (spec 2 §5): a basket or order value in the client's currency
 * with two decimals, placements as an absolute value from 1 to 100, the others whole numbers up to their maximum.
 * An entry outside the bounds is brought inside them when the field is left.
 */
export const TriggerQuantityInput = ({
  eventType,
  value,
  currencySymbol,
  readOnly,
  onChange,
}: TTriggerQuantityInputProps) => {
  const kind = eventType ? TRIGGER_KIND_BY_EVENT_TYPE[eventType] : 'counting';
  const limits = TRIGGER_QUANTITY_LIMITS[kind];
  const valued = kind === 'value';
  return (
    <NumberInput
      label="Trigger Quantity"
      description={`${valued ? `${currencySymbol}${limits.min}` : limits.min} to ${
        valued ? `${currencySymbol}${limits.max.toLocaleString('en-US')}` : limits.max.toLocaleString('en-US')
      }`}
      prefix={valued ? currencySymbol : undefined}
      decimalScale={valued ? 2 : 0}
      allowDecimal={!limits.integer}
      allowNegative={kind === 'placements'}
      max={limits.max}
      clampBehavior="none"
      thousandSeparator={valued ? ',' : undefined}
      readOnly={readOnly}
      value={value ?? ''}
      onChange={(next) => onChange(numberOrNull(next))}
      onBlur={() => {
        const current = numberOrNull(value ?? '');
        const clamped = clampTriggerQuantity(kind, current ?? limits.default);
        if (clamped !== current) onChange(clamped);
      }}
    />
  );
};

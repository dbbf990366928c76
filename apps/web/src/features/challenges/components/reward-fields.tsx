import { CASHBACK_TYPE_LABELS, CASHBACK_VALUE_LIMITS, type TCashbackType } from '@laurel/contract';
import { NumberInput, Select, Stack } from '@mantine/core';
import { badgeKeys } from '@/features/badges';
import { RemotePicker } from '@/ui/remote-picker';
import { numberOrNull, type TNodeFieldsProps } from './node-fields-props';
import {
  fetchBadgeOptions,
  fetchCurrencyOptions,
  PICKER_ERRORS,
  REWARD_PICKER_PAGE_SIZE,
} from './picker-sources';

const CASHBACK_TYPES = Object.entries(CASHBACK_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** A picked record kept with its name, so that the canvas can show it. */
const picked = (config: TNodeFieldsProps['config'], id: string | null | undefined) =>
  id ? { value: id, label: config.labels?.[id] ?? 'Chosen' } : null;

const BadgeFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => (
  <RemotePicker
    label="Badge"
    placeholder="Search badges"
    required
    queryKey={[...badgeKeys.all, 'options']}
    fetchPage={fetchBadgeOptions}
    pageSize={REWARD_PICKER_PAGE_SIZE}
    errorTitle={PICKER_ERRORS.badges}
    disabled={readOnly}
    value={picked(config, typeof config.value === 'string' ? config.value : null)}
    onChange={(option) =>
      onChange({
        ...config,
        value: option?.value ?? null,
        labels: option ? { [option.value]: option.label } : {},
      })
    }
  />
);

const AmountFields = ({ node, config, readOnly, onChange }: TNodeFieldsProps) => (
  <NumberInput
    label={node.data.node_type === 'xp' ? 'XP Points' : 'Levels'}
    description={node.data.node_type === 'xp' ? 'Added to the XP statistic.' : 'Levels added to the player.'}
    min={1}
    max={1_000_000}
    allowDecimal={false}
    allowNegative={false}
    readOnly={readOnly}
    value={config.value ?? ''}
    onChange={(value) => onChange({ ...config, value: numberOrNull(value) })}
  />
);

/** Cashback: a percentage (0 to 100, steps of 0.1) of the completing event's value, or a fixed amount (0.01). */
const CashbackFields = ({ config, readOnly, onChange }: TNodeFieldsProps) => {
  const type: TCashbackType = config.currency_type === 'fixed' ? 'fixed' : 'percentage';
  const limits = CASHBACK_VALUE_LIMITS[type];
  return (
    <Stack gap="sm">
      <Select
        label="Cashback Type"
        data={CASHBACK_TYPES}
        allowDeselect={false}
        readOnly={readOnly}
        value={type}
        onChange={(value) => value && onChange({ ...config, currency_type: value as TCashbackType })}
      />
      <NumberInput
        label={type === 'percentage' ? 'Percentage' : 'Amount'}
        suffix={type === 'percentage' ? '%' : undefined}
        min={limits.min}
        max={Number.isFinite(limits.max) ? limits.max : undefined}
        step={limits.step}
        decimalScale={type === 'percentage' ? 1 : 2}
        allowNegative={false}
        readOnly={readOnly}
        value={config.value ?? ''}
        onChange={(value) => onChange({ ...config, value: numberOrNull(value) })}
      />
      <RemotePicker
        label="Currency"
        placeholder="Choose a wallet currency"
        required
        queryKey={['economy', 'currencies', 'options']}
        fetchPage={fetchCurrencyOptions}
        pageSize={REWARD_PICKER_PAGE_SIZE}
        errorTitle={PICKER_ERRORS.currencies}
        disabled={readOnly}
        value={picked(config, config.currency)}
        onChange={(option) =>
          onChange({
            ...config,
            currency: option?.value ?? null,
            labels: option ? { [option.value]: option.label } : {},
          })
        }
      />
    </Stack>
  );
};

export const RewardFields = (props: TNodeFieldsProps) => {
  switch (props.node.data.node_type) {
    case 'badges':
      return <BadgeFields {...props} />;
    case 'cashback':
      return <CashbackFields {...props} />;
    default:
      return <AmountFields {...props} />;
  }
};

import { CODE_TYPES, LIMITS, PLACEMENT_STATISTICS, type TObjectiveEventType } from '@laurel/contract';
import { MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import type { TNodeFieldsProps } from './node-fields-props';
import { TriggerQuantityInput } from './trigger-quantity-input';

const CODE_EVENTS = new Set<TObjectiveEventType>(['numberOfVouchers', 'qrCode']);

/** An objective's title, trigger quantity and, by event type, what a leaderboard ranks or which codes count. */
export const ObjectiveFields = ({ node, config, currencySymbol, readOnly, onChange }: TNodeFieldsProps) => {
  const eventType = node.data.node_type as TObjectiveEventType;
  const scopes = config.scopes ?? [];
  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        maxLength={LIMITS.titleMaxLength}
        description={`${(config.title ?? '').length}/${LIMITS.titleMaxLength}`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        readOnly={readOnly}
        value={config.title ?? ''}
        onChange={(event) => onChange({ ...config, title: event.currentTarget.value })}
      />
      <TriggerQuantityInput
        eventType={eventType}
        value={config.trigger?.trigger_quantity}
        currencySymbol={currencySymbol}
        readOnly={readOnly}
        onChange={(quantity) =>
          onChange({ ...config, trigger: { ...config.trigger, trigger_quantity: quantity } })
        }
      />
      {eventType === 'leaderboard' && (
        <Select
          label="Ranked By"
          data={[...PLACEMENT_STATISTICS]}
          allowDeselect={false}
          readOnly={readOnly}
          value={config.trigger?.trigger_target ?? PLACEMENT_STATISTICS[0]}
          onChange={(target) =>
            onChange({
              ...config,
              trigger: { trigger_quantity: config.trigger?.trigger_quantity ?? null, trigger_target: target },
            })
          }
        />
      )}
      {CODE_EVENTS.has(eventType) && (
        <MultiSelect
          label="Code Types"
          description="Only codes of these types count; none chosen counts every code."
          data={[...CODE_TYPES]}
          readOnly={readOnly}
          value={scopes.filter((scope) => scope.type === 'code_type').map((scope) => scope.value)}
          onChange={(values) =>
            onChange({
              ...config,
              scopes: [
                ...scopes.filter((scope) => scope.type !== 'code_type'),
                ...values.map((value) => ({ type: 'code_type' as const, value })),
              ],
            })
          }
        />
      )}
    </Stack>
  );
};

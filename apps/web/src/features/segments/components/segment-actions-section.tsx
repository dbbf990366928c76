import {
  SEGMENT_ACTION_TRIGGER_LABELS,
  SEGMENT_ACTION_TRIGGERS,
  SEGMENT_ACTION_TYPE_LABELS,
  SEGMENT_ACTION_TYPES,
  SEGMENT_MAX_ACTIONS,
  SEGMENT_MESSAGES,
  type TSegmentActionTrigger,
  type TSegmentActionType,
} from '@laurel/contract';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ItemCard, ItemListSection } from '@/features/segments/components/form-section';
import { BadgeSelect, ChallengeSelect } from '@/features/segments/components/option-selects';
import { actionKey, type TActionField, type TActionValues } from '@/features/segments/segment-form-values';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';

const TYPE_OPTIONS = SEGMENT_ACTION_TYPES.map((type) => ({
  value: type,
  label: SEGMENT_ACTION_TYPE_LABELS[type],
}));
const TRIGGER_OPTIONS = SEGMENT_ACTION_TRIGGERS.map((trigger) => ({
  value: trigger,
  label: SEGMENT_ACTION_TRIGGER_LABELS[trigger],
}));

export type TActionsSectionProps = {
  actions: TActionValues[];
  errorOf: (key: string) => string | undefined;
  readOnly: boolean;
  onAdd: () => void;
  onRemove: (id: string) => void;
  onChange: <K extends TActionField>(id: string, field: K, value: TActionValues[K]) => void;
  /** Leaving the quantity settles what was typed (empty or non-numeric becomes 1) and checks it. */
  onQuantityBlur: (id: string) => void;
};

/** Segment Actions (spec 2 §2): what happens to a player who enters or leaves the segment. */
export const SegmentActionsSection = ({
  actions,
  errorOf,
  readOnly,
  onAdd,
  onRemove,
  onChange,
  onQuantityBlur,
}: TActionsSectionProps) => (
  <ItemListSection
    title={SEGMENT_MESSAGES.segmentActions}
    addLabel={SEGMENT_MESSAGES.addAction}
    onAdd={onAdd}
    full={actions.length >= SEGMENT_MAX_ACTIONS}
    readOnly={readOnly}
    emptyText={SEGMENT_MESSAGES.noActions}
    isEmpty={actions.length === 0}
    footer={
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconInfoCircle
          size={16}
          aria-hidden
          style={{ flexShrink: 0, marginTop: 2 }}
          color="var(--mantine-color-dimmed)"
        />
        <Text size="sm" c="dimmed">
          {SEGMENT_MESSAGES.actionsFooter}
        </Text>
      </Group>
    }
  >
    <Stack gap="sm">
      {actions.map((action, index) => (
        <ItemCard
          key={action.id}
          label={`Action ${index + 1}`}
          onRemove={readOnly ? undefined : () => onRemove(action.id)}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LazySelect
              label="Action Type"
              required
              data={TYPE_OPTIONS}
              value={action.type}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) => value && onChange(action.id, 'type', value as TSegmentActionType)}
            />
            <LazySelect
              label="Trigger"
              required
              data={TRIGGER_OPTIONS}
              value={action.trigger}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) => onChange(action.id, 'trigger', value as TSegmentActionTrigger | null)}
              error={errorOf(actionKey(action.id, 'trigger'))}
            />
            {action.type === 'grant_item' ? (
              <>
                <BadgeSelect
                  label="Badge/Item"
                  required
                  disabled={readOnly}
                  value={action.item_id}
                  onChange={(value) => onChange(action.id, 'item_id', value)}
                  error={errorOf(actionKey(action.id, 'item_id'))}
                />
                <LazyNumberInput
                  label="Quantity"
                  required
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  disabled={readOnly}
                  value={action.quantity}
                  onChange={(value) => onChange(action.id, 'quantity', value)}
                  onBlur={() => onQuantityBlur(action.id)}
                  error={errorOf(actionKey(action.id, 'quantity'))}
                />
              </>
            ) : (
              <ChallengeSelect
                label="Mission/Challenge"
                required
                disabled={readOnly}
                value={action.mission_id}
                onChange={(value) => onChange(action.id, 'mission_id', value)}
                error={errorOf(actionKey(action.id, 'mission_id'))}
              />
            )}
          </SimpleGrid>
        </ItemCard>
      ))}
    </Stack>
  </ItemListSection>
);

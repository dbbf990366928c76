import {
  COMPARISON_OPERATOR_LABELS,
  COMPARISON_OPERATORS,
  SEGMENT_FILTER_TYPES,
  SEGMENT_MAX_FILTERS,
  SEGMENT_MESSAGES,
  type TComparisonOperator,
  type TSegmentFilterType,
} from '@laurel/contract';
import { Code, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { ItemCard, ItemListSection } from '@/features/segments/components/form-section';
import { StatisticSelect } from '@/features/segments/components/option-selects';
import { ruleKey, type TRuleField, type TRuleValues } from '@/features/segments/segment-form-values';
import { FILTER_TYPE_LABELS, ruleText, SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { LazyNumberInput } from '@/ui/lazy-field/lazy-number-input';
import { LazySelect } from '@/ui/lazy-select';

const TYPE_OPTIONS = SEGMENT_FILTER_TYPES.map((type) => ({ value: type, label: FILTER_TYPE_LABELS[type] }));
const COMPARISON_OPTIONS = COMPARISON_OPERATORS.map((operator) => ({
  value: operator,
  label: COMPARISON_OPERATOR_LABELS[operator],
}));

export type TRulesSectionProps = {
  rules: TRuleValues[];
  errorOf: (key: string) => string | undefined;
  readOnly: boolean;
  onAdd: () => void;
  onRemove: (id: string) => void;
  onChange: <K extends TRuleField>(id: string, field: K, value: TRuleValues[K]) => void;
  /** Leaving a value field settles what was typed (unparsable becomes 0) and checks it. */
  onValueBlur: (id: string) => void;
};

/** Segment Rules (spec 2 §2): statistic, comparison and value per rule; a player matching any rule joins. */
export const SegmentRulesSection = ({
  rules,
  errorOf,
  readOnly,
  onAdd,
  onRemove,
  onChange,
  onValueBlur,
}: TRulesSectionProps) => (
  <ItemListSection
    title={SEGMENT_MESSAGES.segmentRules}
    description={SEGMENT_TEXTS.rulesHint}
    addLabel={SEGMENT_TEXTS.addRule}
    onAdd={onAdd}
    full={rules.length >= SEGMENT_MAX_FILTERS}
    readOnly={readOnly}
    emptyText={SEGMENT_TEXTS.noRulesYet}
    isEmpty={rules.length === 0}
  >
    <Stack gap="xs">
      {rules.map((rule, index) => (
        <Fragment key={rule.id}>
          {index > 0 && (
            <Divider
              label={
                <Text size="xs" fw={700} c="dimmed">
                  {SEGMENT_TEXTS.or}
                </Text>
              }
              labelPosition="center"
            />
          )}
          <ItemCard
            label={`Rule ${index + 1}`}
            summary={
              // Once there is something to read: a rule with nothing chosen yet would read '… … …'.
              (rule.type === 'all_players' || rule.statistic_name) && (
                <Code
                  fz="xs"
                  style={{
                    minWidth: 0,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {ruleText(rule)}
                </Code>
              )
            }
            onRemove={readOnly ? undefined : () => onRemove(rule.id)}
            removeLabel={SEGMENT_TEXTS.deleteRule}
          >
            {/* Two to a row: 'GreaterThanOrEqual' and long statistic names stay readable. */}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <LazySelect
                label="Type"
                data={TYPE_OPTIONS}
                value={rule.type}
                allowDeselect={false}
                disabled={readOnly}
                onChange={(value) => value && onChange(rule.id, 'type', value as TSegmentFilterType)}
              />
              {rule.type === 'statistic' && (
                <>
                  <StatisticSelect
                    label="Statistic"
                    required
                    disabled={readOnly}
                    value={rule.statistic_name}
                    onChange={(value) => onChange(rule.id, 'statistic_name', value)}
                    error={errorOf(ruleKey(rule.id, 'statistic_name'))}
                  />
                  <LazySelect
                    label="Comparison"
                    required
                    placeholder="Choose a comparison"
                    data={COMPARISON_OPTIONS}
                    value={rule.comparison}
                    allowDeselect={false}
                    disabled={readOnly}
                    onChange={(value) => onChange(rule.id, 'comparison', value as TComparisonOperator | null)}
                    error={errorOf(ruleKey(rule.id, 'comparison'))}
                  />
                  <LazyNumberInput
                    label="Value"
                    required
                    placeholder="Enter a number"
                    disabled={readOnly}
                    value={rule.filter_value}
                    thousandSeparator=","
                    onChange={(value) => onChange(rule.id, 'filter_value', value)}
                    onBlur={() => onValueBlur(rule.id)}
                    error={errorOf(ruleKey(rule.id, 'filter_value'))}
                  />
                </>
              )}
            </SimpleGrid>
          </ItemCard>
        </Fragment>
      ))}
    </Stack>
  </ItemListSection>
);

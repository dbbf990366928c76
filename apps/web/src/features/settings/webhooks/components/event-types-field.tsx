import { type TWebhookEventType, WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from '@laurel/contract';
import { Checkbox, Code, Input, SimpleGrid, Stack } from '@mantine/core';
import { useId } from 'react';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';

type TEventTypesFieldProps = {
  value: TWebhookEventType[];
  error: string | undefined;
  onChange: (value: TWebhookEventType[]) => void;
};

/** Every event type with its one-line description, and Select all (half-checked when some are chosen). */
export const EventTypesField = ({ value, error, onChange }: TEventTypesFieldProps) => {
  const errorId = useId();
  const chosen = new Set(value);
  const all = chosen.size === WEBHOOK_EVENT_TYPES.length;
  return (
    <Input.Wrapper label={WEBHOOK_TEXTS.eventTypes} error={error} errorProps={{ id: errorId }} required>
      <Stack gap="sm" mt={6}>
        <Checkbox
          label={WEBHOOK_TEXTS.selectAll}
          checked={all}
          indeterminate={chosen.size > 0 && !all}
          fw={600}
          onChange={() => onChange(all ? [] : [...WEBHOOK_EVENT_TYPES])}
        />
        <Checkbox.Group
          value={value}
          onChange={(next) => onChange(WEBHOOK_EVENT_TYPES.filter((type) => next.includes(type)))}
          aria-label={WEBHOOK_TEXTS.eventTypes}
          aria-describedby={error ? errorId : undefined}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={<Code fz="xs">{type}</Code>}
                description={WEBHOOK_EVENT_DESCRIPTIONS[type]}
                aria-label={type}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    </Input.Wrapper>
  );
};

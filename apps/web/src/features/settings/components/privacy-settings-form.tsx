import {
  EVENT_PAYLOAD_RETENTION_DAYS,
  isEventPayloadRetentionDays,
  PRIVACY_MESSAGES,
} from '@laurel/contract';
import { Button, Card, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';

type TPrivacySettingsFormProps = {
  /** Days processed events keep their payload; null: forever. */
  initialDays: number | null;
  disabled?: boolean;
  onSubmit: (days: number | null) => void;
};

const FOREVER = 'forever';
const DAYS = 'days';

/**
 * Privacy (DESIGN §10): how long processed events keep their payload. A daily task blanks older payloads in place
 * (events waiting or parked keep theirs). Save is enabled once something changed and the value is valid.
 */
export const PrivacySettingsForm = ({
  initialDays,
  disabled = false,
  onSubmit,
}: TPrivacySettingsFormProps) => {
  const headingId = useId();
  const [mode, setMode] = useState(initialDays === null ? FOREVER : DAYS);
  const [days, setDays] = useState<number | string>(initialDays ?? 365);
  const [saved, setSaved] = useState(initialDays);
  // The saved value changed (loaded, or saved elsewhere): the form starts from it again.
  if (saved !== initialDays) {
    setSaved(initialDays);
    setMode(initialDays === null ? FOREVER : DAYS);
    setDays(initialDays ?? 365);
  }
  const value = mode === FOREVER ? null : typeof days === 'number' ? days : Number.NaN;
  // No zod on this page: the contract's plain rule keeps the schema library out of its first load.
  const valid = isEventPayloadRetentionDays(value);
  const edited = value !== initialDays;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && edited) onSubmit(value);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Stack gap={2}>
              <Title order={2} fz="lg" id={headingId}>
                Privacy
              </Title>
              <Text size="sm" c="dimmed">
                How long processed events keep their payload (what your systems sent with them). Once a day,
                older payloads are blanked; the events themselves, and everything they earned, stay.
              </Text>
            </Stack>
            <Button type="submit" disabled={!valid || !edited} loading={disabled} style={{ flexShrink: 0 }}>
              Save
            </Button>
          </Group>
          <Radio.Group label="Keep event payloads" value={mode} onChange={setMode}>
            <Group gap="xl" mt={8}>
              <Radio value={FOREVER} label="Forever" disabled={disabled} />
              <Radio value={DAYS} label="For a number of days" disabled={disabled} />
            </Group>
          </Radio.Group>
          {mode === DAYS && (
            <NumberInput
              label="Days to keep payloads"
              maw={220}
              min={EVENT_PAYLOAD_RETENTION_DAYS.min}
              max={EVENT_PAYLOAD_RETENTION_DAYS.max}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              disabled={disabled}
              error={valid ? undefined : PRIVACY_MESSAGES.retentionRange}
            />
          )}
        </Stack>
      </form>
    </Card>
  );
};

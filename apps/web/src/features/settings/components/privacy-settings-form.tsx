import {
  EVENT_PAYLOAD_RETENTION_DAYS,
  isEventPayloadRetentionDays,
  PRIVACY_MESSAGES,
} from '@laurel/contract';
import { Button, Group, NumberInput, Radio } from '@mantine/core';
import { useState } from 'react';
import { SettingsPanel } from './settings-panel';

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

  return (
    <SettingsPanel
      title="Privacy"
      description="How long processed events keep their payload (what your systems sent with them). Once a day, older payloads are blanked; the events themselves, and everything they earned, stay."
      onSubmit={() => valid && edited && onSubmit(value)}
      actions={
        <Button type="submit" disabled={!valid || !edited} loading={disabled} style={{ flexShrink: 0 }}>
          Save
        </Button>
      }
    >
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
    </SettingsPanel>
  );
};

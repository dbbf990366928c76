import { BUTTON_LABELS } from '@laurel/contract';
import { Button, Group } from '@mantine/core';

type TFormActionsProps = { edited: boolean; submitting: boolean; onCancel: () => void };

/** Cancel (once something changed) and Save, which waits for an edit (DESIGN §7). */
export const FormActions = ({ edited, submitting, onCancel }: TFormActionsProps) => (
  <Group justify="flex-end" gap="sm">
    {edited && (
      <Button variant="default" disabled={submitting} onClick={onCancel}>
        {BUTTON_LABELS.cancel}
      </Button>
    )}
    <Button
      type="submit"
      disabled={!edited}
      loading={submitting}
      // Focus stays in the field: its blur would show a message above and move the button from under the pointer.
      onMouseDown={(event) => event.preventDefault()}
    >
      {BUTTON_LABELS.save}
    </Button>
  </Group>
);

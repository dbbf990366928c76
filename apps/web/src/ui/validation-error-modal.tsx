import { COMMON_MESSAGES } from '@laurel/contract';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** Messages under an optional heading (a form's own fields have none; 'Milestone 2' for a nested block's). */
export type TValidationGroup = { title: string | null; messages: readonly string[] };

/**
 * 'Validation Error': the form's introduction ('Please correct the following errors.' unless told), then every
 * message that blocks the save, each as a list item with the spec's exact text; a nested block's messages (`groups`)
 * sit under its name.
 */
export const openValidationErrorModal = ({
  intro = COMMON_MESSAGES.correctErrors,
  messages = [],
  groups = [],
}: {
  intro?: string;
  messages?: readonly string[];
  groups?: readonly TValidationGroup[];
}) => {
  const all = messages.length > 0 ? [{ title: null, messages }, ...groups] : groups;
  const modalId = modals.open({
    title: COMMON_MESSAGES.validationError,
    size: 'md',
    children: (
      <Stack gap="md">
        <Text>{intro.trim()}</Text>
        {all.map((group) => (
          // Group titles are unique ('Milestone 1', 'Milestone 2'…); only the form's own group has none.
          <Stack key={group.title ?? 'form'} gap={4}>
            {group.title && (
              <Text size="sm" fw={600}>
                {group.title}
              </Text>
            )}
            <List
              spacing={4}
              size="sm"
              c="var(--mantine-color-error)"
              withPadding
              aria-label={group.title ?? undefined}
            >
              {group.messages.map((message, position) => (
                // The same message may repeat within a group only if a form repeats a field.
                // biome-ignore lint/suspicious/noArrayIndexKey: messages are plain texts without ids
                <List.Item key={`${message}-${position}`}>{message}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
  return modalId;
};

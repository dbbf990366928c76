import { COMMON_MESSAGES } from '@laurel/contract';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** The badge save's 'Validation Error' dialog listing every message at once (spec 2 §5). */
export const openValidationErrors = (messages: readonly string[]) => {
  const modalId = modals.open({
    title: COMMON_MESSAGES.validationError,
    size: 'md',
    children: (
      <Stack gap="md">
        {/* The badge dialog puts a colon before its list (spec 2 §5). */}
        <Text>{COMMON_MESSAGES.correctErrorsColon.trim()}</Text>
        <List spacing={4} size="sm" c="var(--mantine-color-error)" withPadding>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
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

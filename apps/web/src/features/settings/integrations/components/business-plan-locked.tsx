import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

/** In place of the event log outside the Business plan: what it offers, and the console's upgrade prompt. */
export const EventLogLocked = () => (
  <Paper withBorder radius="md" p="lg">
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap" align="flex-start" maw={640}>
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconLock size={20} stroke={1.7} />
        </ThemeIcon>
        <Text size="sm" pt={4}>
          {INTEGRATION_TEXTS.eventLogLocked}
        </Text>
      </Group>
      <Button aria-haspopup="dialog" onClick={() => openUpgradePrompt()}>
        {INTEGRATION_TEXTS.upgrade}
      </Button>
    </Group>
  </Paper>
);

import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

/** In place of a Business-plan part (the event log, webhooks) on lower plans: what it offers, and the upgrade prompt. */
export const BusinessPlanLocked = ({ text }: { text: string }) => (
  <Paper withBorder radius="md" p="lg">
    <Group justify="space-between" gap="md" wrap="wrap">
      <Group gap="md" wrap="nowrap" align="flex-start" maw={640}>
        <ThemeIcon size={40} radius="xl" variant="light" aria-hidden>
          <IconLock size={20} stroke={1.7} />
        </ThemeIcon>
        <Text size="sm" pt={4}>
          {text}
        </Text>
      </Group>
      <Button aria-haspopup="dialog" onClick={() => openUpgradePrompt()}>
        {INTEGRATION_TEXTS.upgrade}
      </Button>
    </Group>
  </Paper>
);

import { consolePaths, DASHBOARD_PAGE_MESSAGES } from '@laurel/contract';
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { LinkButton } from '@/ui/link-button';
import { DASHBOARD_TEXTS } from '../dashboard-format';

/** Before the business's first event: what fills the dashboard, and where to get an API key to send one. */
export const DashboardEmptyState = () => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap="sm" maw={520} mx="auto" ta="center">
      <ThemeIcon variant="light" size={56} radius="xl" aria-hidden>
        <IconPlugConnected size={30} />
      </ThemeIcon>
      <Title order={2} fz="h3">
        {DASHBOARD_PAGE_MESSAGES.emptyTitle}
      </Title>
      <Text c="dimmed">{DASHBOARD_PAGE_MESSAGES.emptyText}</Text>
      <LinkButton to={consolePaths.settingsTab('integrations')} icon={IconPlugConnected}>
        {DASHBOARD_TEXTS.openIntegrations}
      </LinkButton>
    </Stack>
  </Paper>
);

import { consolePaths, DASHBOARD_PAGE_MESSAGES } from '@laurel/contract';
import { Alert, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useId } from 'react';
import { LinkButton } from '@/ui/link-button';
import { DASHBOARD_TEXTS } from '../dashboard-format';

/**
 * Before the business's first event, a banner over the (empty) dashboard: what fills it, and where to get an API
 * key to send one. A named section rather than Alert's own `alert` role: it is there on arrival, not news to
 * announce.
 */
export const DashboardEmptyState = () => {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Alert variant="light" role="presentation" icon={<IconPlugConnected size={20} aria-hidden />}>
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={4} maw={640}>
            <Title id={titleId} order={2} fz="md">
              {DASHBOARD_PAGE_MESSAGES.emptyTitle}
            </Title>
            <Text size="sm">{DASHBOARD_PAGE_MESSAGES.emptyText}</Text>
          </Stack>
          <LinkButton to={consolePaths.settingsTab('integrations')} icon={IconPlugConnected}>
            {DASHBOARD_TEXTS.openIntegrations}
          </LinkButton>
        </Group>
      </Alert>
    </Box>
  );
};

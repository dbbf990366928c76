import { Stack } from '@mantine/core';
import { ApiKeysSection } from '@/features/settings/integrations/components/api-keys-section';
import { EventLogSection } from '@/features/settings/integrations/components/event-log-section';
import { IntegrationsNav } from '@/features/settings/integrations/components/integrations-nav';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { PageTitle } from '@/ui/page-title';

/** `/console/settings/integrations`: the API keys the client's systems send events with, and the event log. */
export const IntegrationsPage = () => (
  <Stack gap="xl">
    <PageTitle title={INTEGRATION_TEXTS.title} />
    <IntegrationsNav active="api-keys" />
    <Stack gap={40}>
      <ApiKeysSection />
      <EventLogSection />
    </Stack>
  </Stack>
);

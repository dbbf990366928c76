import { Stack } from '@mantine/core';
import { ApiKeysSection } from '@/features/settings/integrations/components/api-keys-section';
import { EventLogSection } from '@/features/settings/integrations/components/event-log-section';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { PageTitle } from '@/ui/page-title';

/** `/console/settings/integrations`: the API keys the client's systems send events with, and the event log. */
export const IntegrationsPage = () => (
  <Stack gap={40}>
    <PageTitle title={INTEGRATION_TEXTS.title} />
    <ApiKeysSection />
    <EventLogSection />
  </Stack>
);

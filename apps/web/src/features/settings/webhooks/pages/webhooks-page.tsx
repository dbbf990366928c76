import { Stack } from '@mantine/core';
import { IntegrationsNav } from '@/features/settings/integrations/components/integrations-nav';
import { WebhookEndpointsSection } from '@/features/settings/webhooks/components/webhook-endpoints-section';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { PageTitle } from '@/ui/page-title';

/** `/console/settings/integrations/webhooks`: where Laurel posts what happens to the members. */
export const WebhooksPage = () => (
  <Stack gap="xl">
    <PageTitle title={WEBHOOK_TEXTS.title} />
    <IntegrationsNav active="webhooks" />
    <WebhookEndpointsSection />
  </Stack>
);

import { API_ERROR_MESSAGES } from '@laurel/contract';
import { Alert, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PageTitle } from '@/ui/page-title';

/** What a non-admin sees on a page only admins may open; the API refuses them too (DESIGN §3). */
export const AdminsOnlyNotice = ({ title }: { title: string }) => (
  <Stack gap="lg" maw={880}>
    <PageTitle title={title} />
    <Title order={1} fz="h2">
      {title}
    </Title>
    <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Admins only">
      {API_ERROR_MESSAGES.forbidden}
    </Alert>
  </Stack>
);

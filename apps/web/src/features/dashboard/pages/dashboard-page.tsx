import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '@/api/use-session';
import { PageTitle } from '@/ui/page-title';

/** The dashboard greets the signed-in user; its figures come from the engine as that area lands (DESIGN §9). */
export const DashboardPage = () => {
  const name = useSession()?.user.name ?? '';
  return (
    <Stack gap={4}>
      <PageTitle title="Dashboard" />
      <Title order={1} fz="h2">
        {name ? `Welcome, ${name}` : 'Welcome'}
      </Title>
      <Text c="dimmed">Your loyalty programme at work.</Text>
    </Stack>
  );
};

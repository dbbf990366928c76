import { isSessionFreePath, ROUTE_PATTERNS } from '@laurel/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { useSession } from '@/api/use-session';

/**
 * An unknown path. Without a session, anything outside welcome, terms and privacy leads to log-in (spec 1 §2.1);
 * otherwise the page says it does not exist.
 */
export const NotFoundPage = () => {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session && !isSessionFreePath(pathname)) return <Navigate to={ROUTE_PATTERNS.logIn} replace />;
  return (
    <Center mih="60dvh" p="xl">
      <title>Page not found · Laurel</title>
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Text fz={64} fw={800} c="laurel" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        {session ? (
          <Button component={Link} to={ROUTE_PATTERNS.dashboard} mt="md">
            Go to the dashboard
          </Button>
        ) : (
          <Button component={Link} to={ROUTE_PATTERNS.logIn} mt="md">
            Back to sign in
          </Button>
        )}
      </Stack>
    </Center>
  );
};

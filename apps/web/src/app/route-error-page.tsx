import { COMMON_MESSAGES } from '@laurel/contract';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page throws or its chunk fails to load (for example after a new release). */
export const RouteErrorPage = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'The page could not be shown. Reloading usually fixes this.';
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1} fz="h2">
          {COMMON_MESSAGES.somethingWentWrong}
        </Title>
        <Text c="dimmed">{detail}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
};

import { Button, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { termsAndConditionsQuery } from '@/features/legal/api';
import { PublicPageFrame } from '@/features/legal/components/public-page-frame';

/** A scrollable text loaded from the server; a failure opens the request-error modal (spec 1 §2.7). */
export const TermsAndConditionsPage = () => {
  const terms = useQuery(termsAndConditionsQuery);
  return (
    <PublicPageFrame title="Terms and Conditions">
      <Paper withBorder radius="md" p={0}>
        {terms.isPending && (
          <Stack align="center" py={64} role="status">
            <Loader aria-hidden />
            <Text size="sm" c="dimmed">
              Loading the terms and conditions
            </Text>
          </Stack>
        )}
        {terms.isError && (
          <Stack align="center" py={64} px="lg" ta="center">
            <Text c="dimmed">The terms and conditions could not be loaded.</Text>
            <Button variant="light" onClick={() => void terms.refetch()} loading={terms.isFetching}>
              Try again
            </Button>
          </Stack>
        )}
        {terms.isSuccess && (
          <ScrollArea.Autosize mah="70dvh" type="auto" offsetScrollbars>
            <Text
              p="xl"
              style={{ whiteSpace: 'pre-wrap' }}
              tabIndex={0}
              aria-label="Terms and conditions text"
            >
              {terms.data}
            </Text>
          </ScrollArea.Autosize>
        )}
      </Paper>
    </PublicPageFrame>
  );
};

import { Paper, Stack, Text } from '@mantine/core';
import { BackToSignInLink } from '@/features/welcome/components/back-to-sign-in-link';
import { WelcomeHeading } from '@/features/welcome/components/welcome-heading';

/** A welcome route whose page has not been built yet: says so plainly rather than pretending. */
export const NotAvailableYet = ({ title }: { title: string }) => (
  <>
    <WelcomeHeading title={title} />
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md" align="flex-start">
        <Text>This page is not available yet.</Text>
        <BackToSignInLink />
      </Stack>
    </Paper>
  </>
);

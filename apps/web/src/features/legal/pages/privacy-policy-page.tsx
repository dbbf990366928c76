import { Paper, Text } from '@mantine/core';
import { PublicPageFrame } from '@/features/legal/components/public-page-frame';

/** The spec asks for placeholder text only: the policy itself is still to be written (spec 1 §1). */
export const PrivacyPolicyPage = () => (
  <PublicPageFrame title="Privacy Policy">
    <Paper withBorder radius="md" p="xl">
      <Text>Our privacy policy still needs to be written. It will be published on this page.</Text>
    </Paper>
  </PublicPageFrame>
);

import { Stack } from '@mantine/core';
import { SessionsCard } from '@/features/account-security/components/sessions-card';
import { TwoFactorCard } from '@/features/account-security/components/two-factor-card';
import { PageHeading } from '@/ui/page-title';

export const SECURITY_PAGE_TITLE = 'Sign-in security';

/** `/console/security`: the signed-in user's second factor and sessions (DESIGN §10 "Staff sign-in security"). */
export const SecurityPage = () => (
  <Stack gap="lg">
    <PageHeading
      title={SECURITY_PAGE_TITLE}
      subtitle="How you sign in to Laurel, and where you are signed in."
    />
    <TwoFactorCard />
    <SessionsCard />
  </Stack>
);

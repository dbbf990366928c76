import { LAYOUT, ROUTE_PATTERNS, ZClientStatus } from '@laurel/contract';
import { AppShell, Box, Group, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { ConsoleNav } from '@/app/console/console-nav';
import { navEntriesFor, navItems } from '@/app/console/nav-items';
import { ProfileMenu } from '@/app/console/profile-menu';
import { UpgradePromptHost } from '@/app/console/upgrade-prompt-host';
import { LaurelLogo } from '@/ui/laurel-logo';
import { PageLoader } from '@/ui/page-loader';

/**
 * The console shell: header with the profile menu, sidebar, and the page; a spinner until the client loads. A client
 * still awaiting its first plan payment is sent to the plan page (spec 1 §2.3).
 */
export const ConsoleLayout = () => {
  const session = useSession();
  const client = useClientRecord();
  const compact = useMediaQuery(`(max-width: ${LAYOUT.sidebarCollapseBelow - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });

  if (!session) return null;
  if (client.isPending) return <PageLoader fullScreen label="Loading your console" />;
  if (client.data?.status === ZClientStatus.enum.AWAITING_SUBSCRIPTION_PAYMENT)
    return <Navigate to={ROUTE_PATTERNS.selectSubscription} replace />;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: compact ? 76 : 248, breakpoint: 0 }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton
            component={Link}
            to={ROUTE_PATTERNS.dashboard}
            aria-label="Laurel, go to the dashboard"
          >
            <LaurelLogo size="sm" />
          </UnstyledButton>
          <ProfileMenu user={session.user} compact={compact} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ConsoleNav
          compact={compact}
          entries={navEntriesFor(navItems, session.user, client.data?.clientSubscription)}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Box maw={LAYOUT.maxWidth} mx="auto">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      <UpgradePromptHost clientId={session.user.client_id} plan={client.data?.clientSubscription} />
    </AppShell>
  );
};

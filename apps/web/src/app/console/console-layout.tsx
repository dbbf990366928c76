import { LAYOUT, ROUTE_PATTERNS, type TClientStatus } from '@laurel/contract';
import { ActionIcon, Box, Group, UnstyledButton } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { type CSSProperties, Suspense, useMemo } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { useSession } from '@/api/use-session';
import { pathMatcher } from '@/app/console/available-paths';
import { useClientRecord } from '@/app/console/client-record';
import classes from '@/app/console/console-layout.module.css';
import { ConsoleNav } from '@/app/console/console-nav';
import { ShellTooltip } from '@/app/console/lazy-overlays';
import { useLivePermissions } from '@/app/console/live-permissions';
import { navEntriesFor, navItems } from '@/app/console/nav-items';
import { ProfileMenu } from '@/app/console/profile-menu';
import { UpgradePromptHost } from '@/app/console/upgrade-prompt-host';
import { LaurelLogo } from '@/ui/laurel-logo';
import { PageLoader } from '@/ui/page-loader';

const AWAITING_PAYMENT: TClientStatus = 'AWAITING_SUBSCRIPTION_PAYMENT';

/** The user's own choice to keep the sidebar collapsed on a wide screen, kept in this browser. */
export const SIDEBAR_COLLAPSED_KEY = 'laurel.sidebar-collapsed';

const NAVBAR_WIDTH = { wide: 248, compact: 76 } as const;

type TConsoleLayoutProps = {
  /** The console's route patterns: the sidebar shows only entries whose pages exist in this build. */
  routePatterns: readonly string[];
};

/**
 * The console shell: header with the profile menu, sidebar, and the page; a spinner until the client loads. A client
 * still awaiting its first plan payment is sent to the plan page (spec 1 §2.3).
 */
export const ConsoleLayout = ({ routePatterns }: TConsoleLayoutProps) => {
  const session = useSession();
  const client = useClientRecord();
  useLivePermissions();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.sidebarCollapseBelow - 0.02}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [collapsed, setCollapsed] = useLocalStorage({
    key: SIDEBAR_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const isAvailable = useMemo(() => pathMatcher(routePatterns), [routePatterns]);
  const compact = narrow || collapsed;

  if (!session) return null;
  if (client.isPending) return <PageLoader fullScreen label="Loading your console" />;
  if (client.data?.status === AWAITING_PAYMENT)
    return <Navigate to={ROUTE_PATTERNS.selectSubscription} replace />;

  const entries = navEntriesFor(navItems, session.user, client.data?.clientSubscription, isAvailable);
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <div
      className={classes.shell}
      style={
        { '--shell-navbar-width': `${compact ? NAVBAR_WIDTH.compact : NAVBAR_WIDTH.wide}px` } as CSSProperties
      }
    >
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {/* Under 1000 px the sidebar is always compact, so the toggle would do nothing. */}
            {!narrow && (
              <ShellTooltip label={toggleLabel} position="bottom">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={toggleLabel}
                  aria-expanded={!collapsed}
                  onClick={() => setCollapsed(!collapsed)}
                >
                  {collapsed ? (
                    <IconLayoutSidebarLeftExpand size={20} stroke={1.7} aria-hidden />
                  ) : (
                    <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} aria-hidden />
                  )}
                </ActionIcon>
              </ShellTooltip>
            )}
            <UnstyledButton component={Link} to={ROUTE_PATTERNS.dashboard} aria-label="Laurel home">
              <LaurelLogo size="sm" />
            </UnstyledButton>
          </Group>
          <ProfileMenu user={session.user} compact={narrow} />
        </Group>
      </header>
      <div className={classes.navbar}>
        <ConsoleNav compact={compact} entries={entries} />
      </div>
      <main className={classes.main}>
        <Box maw={LAYOUT.maxWidth} mx="auto">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </main>
      <UpgradePromptHost clientId={session.user.client_id} plan={client.data?.clientSubscription} />
    </div>
  );
};

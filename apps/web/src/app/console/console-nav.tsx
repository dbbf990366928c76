import { Box, Divider, NavLink, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { matchPath, NavLink as RouterNavLink, useLocation } from 'react-router';
import { LazyMenu, ShellTooltip } from '@/app/console/lazy-overlays';
import type { TNavEntry, TNavGroupEntry, TNavLinkEntry } from '@/app/console/nav-items';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

const ICON_SIZE = 20;
const navLinkStyles = { root: { borderRadius: 'var(--mantine-radius-md)' } } as const;
const compactStyles = {
  root: { borderRadius: 'var(--mantine-radius-md)', justifyContent: 'center' },
  section: { marginInlineEnd: 0 },
} as const;

type TLinkProps = { entry: TNavLinkEntry; compact: boolean; nested?: boolean };

const NavEntryLink = ({ entry, compact, nested = false }: TLinkProps) => {
  const { pathname } = useLocation();
  const active = [entry.to, ...(entry.activeOn ?? [])].some(
    (path) => matchPath({ path, end: path === entry.to && entry.end === true }, pathname) !== null,
  );
  const Icon = entry.icon;
  const shared = {
    label: compact ? undefined : entry.label,
    leftSection: Icon ? <Icon size={ICON_SIZE} stroke={1.7} aria-hidden /> : undefined,
    variant: 'light',
    styles: compact ? compactStyles : navLinkStyles,
    py: nested ? 6 : undefined,
  } as const;
  // A locked entry is outside the plan: it stays visible and offers the upgrade instead of the page.
  const link = entry.locked ? (
    <NavLink
      {...shared}
      component="button"
      type="button"
      aria-label={compact ? `${entry.label} (upgrade required)` : undefined}
      aria-haspopup="dialog"
      description={compact || nested ? undefined : 'Upgrade to unlock'}
      rightSection={compact ? undefined : <IconLock size={16} stroke={1.7} aria-label="Upgrade required" />}
      onClick={() => openUpgradePrompt()}
    />
  ) : (
    <NavLink
      {...shared}
      component={RouterNavLink}
      to={entry.to}
      end={entry.end}
      active={active}
      aria-label={compact ? entry.label : undefined}
    />
  );
  return compact ? (
    <ShellTooltip label={entry.label} position="right" openDelay={150}>
      {link}
    </ShellTooltip>
  ) : (
    link
  );
};

type TGroupProps = { entry: TNavGroupEntry; compact: boolean };

/** A nested group: an expanding list when wide; an icon that opens a menu of its pages when compact. */
const NavEntryGroup = ({ entry, compact }: TGroupProps) => {
  const { pathname } = useLocation();
  const childActive = entry.children.some(
    (child) => pathname === child.to || pathname.startsWith(`${child.to}/`),
  );
  const [opened, setOpened] = useState(childActive);
  const Icon = entry.icon;
  const icon = <Icon size={ICON_SIZE} stroke={1.7} aria-hidden />;

  if (compact) {
    return (
      <LazyMenu
        hoverOpenDelay={100}
        target={
          <NavLink
            component="button"
            type="button"
            aria-label={entry.label}
            leftSection={icon}
            active={childActive}
            variant="light"
            styles={compactStyles}
          />
        }
        renderMenu={(loaded, target, start) => (
          <loaded.NavGroupMenu entry={entry} target={target} start={start} />
        )}
      />
    );
  }

  // A button that says whether it is open: Mantine's default <a> without href took no focus, so keyboard users
  // could neither reach the group nor its pages.
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      opened={opened}
      onChange={setOpened}
      label={entry.label}
      leftSection={icon}
      rightSection={
        entry.locked ? <IconLock size={16} stroke={1.7} aria-label="Upgrade required" /> : undefined
      }
      childrenOffset={30}
      variant="subtle"
      styles={navLinkStyles}
    >
      <Stack gap={2} mt={2}>
        {entry.children.map((child) => (
          <NavEntryLink key={child.to} entry={child} compact={false} nested />
        ))}
      </Stack>
    </NavLink>
  );
};

const NavEntryItem = ({ entry, compact }: { entry: TNavEntry; compact: boolean }) =>
  entry.kind === 'group' ? (
    <NavEntryGroup entry={entry} compact={compact} />
  ) : (
    <NavEntryLink entry={entry} compact={compact} />
  );

type TConsoleNavProps = { entries: TNavEntry[]; compact: boolean };

/**
 * The console sidebar: entries by permission, nested groups, Users and Settings at its foot. Compact (icons with
 * tooltips) under 1000 px or when the user collapses it (spec 1 §2.3, §9).
 */
export const ConsoleNav = ({ entries, compact }: TConsoleNavProps) => {
  const main = entries.filter((entry) => entry.section === 'main');
  const footer = entries.filter((entry) => entry.section === 'footer');
  const key = (entry: TNavEntry) => (entry.kind === 'group' ? `group:${entry.label}` : entry.to);
  return (
    <Box
      component="nav"
      aria-label="Main"
      h="100%"
      data-compact={compact || undefined}
      style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      {/* Native scrolling (thin scrollbar): Mantine's ScrollArea would add its code to every page's first load. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' }}>
        <Stack gap={4}>
          {main.map((entry) => (
            <NavEntryItem key={key(entry)} entry={entry} compact={compact} />
          ))}
        </Stack>
      </Box>
      {footer.length > 0 && (
        <Stack gap={4} pt="sm">
          <Divider mb={4} />
          {footer.map((entry) => (
            <NavEntryItem key={key(entry)} entry={entry} compact={compact} />
          ))}
        </Stack>
      )}
    </Box>
  );
};

import { Divider, NavLink, Stack, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { NavLink as RouterNavLink, useMatch } from 'react-router';
import type { TNavEntry } from '@/app/console/nav-items';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

type TNavEntryProps = { entry: TNavEntry; compact: boolean };

const NavEntry = ({ entry, compact }: TNavEntryProps) => {
  const active = useMatch({ path: entry.to, end: false }) !== null;
  const Icon = entry.icon;
  const shared = {
    label: compact ? undefined : entry.label,
    leftSection: <Icon size={20} stroke={1.7} aria-hidden />,
    variant: 'light',
    styles: {
      root: { borderRadius: 'var(--mantine-radius-md)' },
      section: compact ? { marginInlineEnd: 0 } : {},
    },
    style: compact ? { justifyContent: 'center' } : undefined,
  } as const;
  // A locked entry is outside the plan: it stays visible and offers the upgrade instead of the page.
  const link = entry.locked ? (
    <NavLink
      {...shared}
      component="button"
      type="button"
      aria-label={compact ? `${entry.label} (upgrade required)` : undefined}
      aria-haspopup="dialog"
      description={compact ? undefined : 'Upgrade to unlock'}
      rightSection={compact ? undefined : <IconLock size={16} stroke={1.7} aria-hidden />}
      onClick={() => openUpgradePrompt()}
    />
  ) : (
    <NavLink
      {...shared}
      component={RouterNavLink}
      to={entry.to}
      active={active}
      aria-label={compact ? entry.label : undefined}
    />
  );
  return compact ? (
    <Tooltip label={entry.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
};

type TConsoleNavProps = { entries: TNavEntry[]; compact: boolean };

/** The console sidebar; under 1000 px it shows icons only (spec 1 §2.3). Settings sits at its foot. */
export const ConsoleNav = ({ entries, compact }: TConsoleNavProps) => {
  const main = entries.filter((entry) => entry.group === 'main');
  const footer = entries.filter((entry) => entry.group === 'footer');
  return (
    <Stack component="nav" aria-label="Main" h="100%" justify="space-between" gap="md">
      <Stack gap={4}>
        {main.map((entry) => (
          <NavEntry key={entry.to} entry={entry} compact={compact} />
        ))}
      </Stack>
      {footer.length > 0 && (
        <Stack gap={4}>
          <Divider mb={4} />
          {footer.map((entry) => (
            <NavEntry key={entry.to} entry={entry} compact={compact} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};

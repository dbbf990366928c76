import { NavLink, Stack, Tooltip } from '@mantine/core';
import { NavLink as RouterNavLink, useMatch } from 'react-router';
import type { TNavItem } from '@/app/console/nav-items';
import { navItems } from '@/app/console/nav-items';

const NavEntry = ({ item, compact }: { item: TNavItem; compact: boolean }) => {
  const active = useMatch({ path: item.to, end: false }) !== null;
  const Icon = item.icon;
  const link = (
    <NavLink
      component={RouterNavLink}
      to={item.to}
      active={active}
      label={compact ? undefined : item.label}
      aria-label={compact ? item.label : undefined}
      leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
      variant="light"
      styles={{
        root: { borderRadius: 'var(--mantine-radius-md)' },
        section: compact ? { marginInlineEnd: 0 } : {},
      }}
      style={compact ? { justifyContent: 'center' } : undefined}
    />
  );
  return compact ? (
    <Tooltip label={item.label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
};

/** The console sidebar; under 1000 px it shows icons only (spec 1 §2.3). */
export const ConsoleNav = ({ compact }: { compact: boolean }) => (
  <nav aria-label="Main">
    <Stack gap={4}>
      {navItems.map((item) => (
        <NavEntry key={item.to} item={item} compact={compact} />
      ))}
    </Stack>
  </nav>
);

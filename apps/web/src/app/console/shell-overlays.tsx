import { BUTTON_LABELS, consolePaths, type TSessionUser } from '@laurel/contract';
import { Menu, useMantineColorScheme } from '@mantine/core';
import {
  IconBug,
  IconCheck,
  IconDeviceDesktop,
  IconExternalLink,
  IconLock,
  IconLogout,
  IconMoon,
  IconShieldLock,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { cloneElement, type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TNavGroupEntry } from '@/app/console/nav-items';
import { useSignOut } from '@/app/use-sign-out';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

/*
 * The shell's menus, which only a pointer or a click opens: with Mantine's Menu, Popover and floating positioning
 * they are code that no page needs for its first paint. lazy-overlays.tsx loads this module on the first hover,
 * focus or click of a trigger and shows the triggers until then (the shell's tooltips: ui/lazy-tooltip.tsx).
 */

/** How a lazily loaded menu starts: closed, open because the pointer rests on its trigger, or opened by a click. */
export type TMenuStart = 'closed' | 'hovered' | 'clicked';

/**
 * A controlled menu state that can start open. A menu opened by the click that loaded it first focuses its
 * trigger (the button the user clicked was replaced by this one), so that closing returns focus there.
 */
const useMenuState = (start: TMenuStart) => {
  const [opened, setOpened] = useState(start === 'hovered');
  const targetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (start !== 'clicked') return;
    targetRef.current?.focus();
    setOpened(true);
  }, [start]);
  return { opened, onChange: setOpened, targetRef };
};

const schemes = [
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
] as const;

type TProfileMenuProps = {
  user: TSessionUser;
  bugsUrl: string | null;
  target: ReactElement;
  start: TMenuStart;
};

/** The profile menu around its trigger (profile-menu.tsx). */
export const ProfileMenuWithDropdown = ({ user, bugsUrl, target, start }: TProfileMenuProps) => {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { opened, onChange, targetRef } = useMenuState(start);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>{cloneElement(target, { ref: targetRef } as object)}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={() => navigate(consolePaths.user(user._id))}
        >
          {BUTTON_LABELS.myAccount}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconShieldLock size={18} aria-hidden />}
          onClick={() => navigate(consolePaths.security)}
        >
          Sign-in security
        </Menu.Item>
        {bugsUrl && (
          <Menu.Item
            component="a"
            href={bugsUrl}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBug size={18} aria-hidden />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {BUTTON_LABELS.bugsAndFeedback}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        {schemes.map((scheme) => (
          <Menu.Item
            key={scheme.value}
            leftSection={<scheme.icon size={18} aria-hidden />}
            rightSection={colorScheme === scheme.value ? <IconCheck size={16} aria-label="Selected" /> : null}
            onClick={() => setColorScheme(scheme.value)}
          >
            {scheme.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => void signOut()}
        >
          {BUTTON_LABELS.logOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};

type TNavGroupMenuProps = { entry: TNavGroupEntry; target: ReactElement; start: TMenuStart };

/** A nested group of the compact sidebar: its icon opens a menu of its pages (console-nav.tsx). */
export const NavGroupMenu = ({ entry, target, start }: TNavGroupMenuProps) => {
  const { opened, onChange, targetRef } = useMenuState(start);
  return (
    <Menu
      position="right-start"
      offset={12}
      withArrow
      trigger="click-hover"
      openDelay={100}
      closeDelay={150}
      opened={opened}
      onChange={onChange}
    >
      <Menu.Target>{cloneElement(target, { ref: targetRef } as object)}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{entry.label}</Menu.Label>
        {entry.children.map((child) =>
          child.locked ? (
            <Menu.Item
              key={child.to}
              rightSection={<IconLock size={14} aria-label="Upgrade required" />}
              onClick={() => openUpgradePrompt()}
            >
              {child.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={child.to} component={Link} to={child.to}>
              {child.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

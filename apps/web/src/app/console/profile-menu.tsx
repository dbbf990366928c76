import { BUTTON_LABELS, consolePaths, type TSessionUser } from '@laurel/contract';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton, useMantineColorScheme } from '@mantine/core';
import {
  IconBug,
  IconCheck,
  IconChevronDown,
  IconDeviceDesktop,
  IconExternalLink,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { consoleBrandingQuery } from '@/app/console/branding';
import { useSignOut } from '@/app/console/use-sign-out';

const schemes = [
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
] as const;

const initials = (user: TSessionUser) =>
  `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();

type TProfileMenuProps = { user: TSessionUser; compact: boolean };

/**
 * 'My Account' opens the signed-in user's page; 'Bugs & Feedback' opens the host's feedback page in a new tab (when
 * the host has one); 'Log Out' ends the session; the theme follows the system by default (spec 1 §2.3).
 */
export const ProfileMenu = ({ user, compact }: TProfileMenuProps) => {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const fullName = `${user.name} ${user.surname}`.trim();
  const bugsUrl = useQuery(consoleBrandingQuery).data?.bugs_url ?? null;

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Profile menu, ${fullName}`} px="xs" py={4} style={{ borderRadius: 8 }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="laurel" variant="filled" radius="xl" size={34} aria-hidden>
              {initials(user)}
            </Avatar>
            {!compact && (
              <Stack gap={0} maw={200}>
                <Text size="sm" fw={600} truncate>
                  {fullName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </Stack>
            )}
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUserCircle size={18} aria-hidden />}
          onClick={() => navigate(consolePaths.user(user._id))}
        >
          {BUTTON_LABELS.myAccount}
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

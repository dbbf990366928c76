import type { TSessionUser } from '@laurel/contract';
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { consoleBrandingQuery } from '@/app/console/branding';
import { LazyMenu } from '@/app/console/lazy-overlays';

const initials = (user: TSessionUser) =>
  `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();

type TProfileMenuProps = { user: TSessionUser; compact: boolean };

/**
 * 'My Account' opens the signed-in user's page; 'Bugs & Feedback' opens the host's feedback page in a new tab (when
 * the host has one); 'Log Out' ends the session; the theme follows the system by default (spec 1 §2.3). The
 * dropdown's code loads when the button is first pointed at, focused or clicked (shell-overlays.tsx).
 */
export const ProfileMenu = ({ user, compact }: TProfileMenuProps) => {
  const fullName = `${user.name} ${user.surname}`.trim();
  // Read with the shell, so that the menu opens complete.
  const bugsUrl = useQuery(consoleBrandingQuery).data?.bugs_url ?? null;
  const target = (
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
  );
  return (
    <LazyMenu
      target={target}
      renderMenu={(loaded, menuTarget, start) => (
        <loaded.ProfileMenuWithDropdown user={user} bugsUrl={bugsUrl} target={menuTarget} start={start} />
      )}
    />
  );
};

import { ACCOUNT_SETTINGS_MESSAGES, API_ERROR_MESSAGES } from '@laurel/contract';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { SETTINGS_TABS, settingsTabOf } from '@/features/settings/settings-paths';
import { PageTitle } from '@/ui/page-title';

/** The account form reads best narrow; tables and the branch form use the width. */
const NARROW_TABS = new Set(['account']);

/** `/console/settings/{tab}`: the settings tabs. Settings are for admins only; the API refuses anyone else. */
export const SettingsLayout = () => {
  const session = useSession();
  const navigate = useNavigate();
  const tab = settingsTabOf(useLocation().pathname);

  if (session?.user.role !== 'ADMIN') {
    return (
      <Stack gap="lg" maw={880}>
        <PageTitle title={ACCOUNT_SETTINGS_MESSAGES.title} />
        <Title order={1} fz="h2">
          {ACCOUNT_SETTINGS_MESSAGES.title}
        </Title>
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />} title="Admins only">
          {API_ERROR_MESSAGES.forbidden}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={NARROW_TABS.has(tab) ? 880 : 1280}>
      <Title order={1} fz="h2">
        {ACCOUNT_SETTINGS_MESSAGES.title}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = SETTINGS_TABS.find((item) => item.value === value);
          if (next) void navigate(next.path);
        }}
      >
        <Tabs.List>
          {SETTINGS_TABS.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Outlet />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};

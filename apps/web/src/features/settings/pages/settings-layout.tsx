import {
  ACCOUNT_SETTINGS_MESSAGES,
  API_ERROR_MESSAGES,
  consolePaths,
  type TSettingsTab,
  ZSettingsTab,
} from '@laurel/contract';
import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Outlet, useNavigate, useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { PageTitle } from '@/ui/page-title';

/** The tabs that exist so far (DESIGN §7); Branches and Integrations join as their areas land. */
const TABS: { value: TSettingsTab; label: string }[] = [{ value: 'account', label: 'Account' }];

/** `/console/settings/{tab}`: the settings tabs. Settings are for admins only; the API refuses anyone else. */
export const SettingsLayout = () => {
  const session = useSession();
  const navigate = useNavigate();
  const parsed = ZSettingsTab.safeParse(useParams().tab);
  const tab = parsed.success ? parsed.data : 'account';

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
    <Stack gap="lg" maw={880}>
      <Title order={1} fz="h2">
        {ACCOUNT_SETTINGS_MESSAGES.title}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = ZSettingsTab.safeParse(value);
          if (next.success) void navigate(consolePaths.settingsTab(next.data));
        }}
      >
        <Tabs.List>
          {TABS.map((item) => (
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

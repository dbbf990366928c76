import { consolePaths } from '@laurel/contract';
import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { settingsPaths } from '@/features/settings/settings-paths';

/** Integrations holds what the client's systems send Laurel (API keys, the event log) and what Laurel sends them. */
const INTEGRATION_SECTIONS = [
  { value: 'api-keys', label: 'API Keys & Event Log', path: settingsPaths.integrations },
  { value: 'webhooks', label: 'Webhooks', path: consolePaths.webhooks },
] as const;
type TIntegrationSection = (typeof INTEGRATION_SECTIONS)[number]['value'];

/** The Integrations tab's own sub-tabs, as links in the address so that Back and links work. */
export const IntegrationsNav = ({ active }: { active: TIntegrationSection }) => {
  const navigate = useNavigate();
  return (
    <Tabs
      variant="pills"
      radius="md"
      value={active}
      onChange={(value) => {
        const next = INTEGRATION_SECTIONS.find((section) => section.value === value);
        if (next && next.value !== active) void navigate(next.path);
      }}
    >
      <Tabs.List aria-label="Integrations">
        {INTEGRATION_SECTIONS.map((section) => (
          <Tabs.Tab key={section.value} value={section.value}>
            {section.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
};

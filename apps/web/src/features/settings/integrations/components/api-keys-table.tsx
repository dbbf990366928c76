import type { TApiKey } from '@laurel/contract';
import { Button, Code, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { formatDay, formatWhen } from '@/features/settings/integrations/integrations-format';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { StatusChip } from '@/ui/status-chip';

type TApiKeysTableProps = {
  keys: TApiKey[];
  loading: boolean;
  onRevoke: (key: TApiKey) => void;
};

const lastUsed = (key: TApiKey) =>
  key.last_used_at ? (
    formatWhen(key.last_used_at)
  ) : (
    <Text span size="sm" c="dimmed">
      {INTEGRATION_TEXTS.never}
    </Text>
  );

/** The client's keys: a handful at most, so one plain table without paging. A revoked key stays, greyed. */
export const ApiKeysTable = ({ keys, loading, onRevoke }: TApiKeysTableProps) => (
  <Paper withBorder radius="md">
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={INTEGRATION_TEXTS.apiKeysTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Prefix</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th w={110}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {loading ? 'Loading your API keys…' : INTEGRATION_TEXTS.noApiKeys}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            keys.map((key) => {
              const revoked = key.revoked_at !== null;
              return (
                <Table.Tr key={key._id} c={revoked ? 'dimmed' : undefined}>
                  <Table.Td fw={600} miw={140} style={{ wordBreak: 'break-word' }}>
                    {key.name}
                  </Table.Td>
                  <Table.Td>
                    <Code>{`${key.prefix}…`}</Code>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <span title={formatWhen(key.created_at)}>{formatDay(key.created_at)}</span>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(key)}</Table.Td>
                  <Table.Td>
                    <StatusChip
                      status={revoked ? 'REVOKED' : 'ACTIVE'}
                      label={revoked ? 'Revoked' : 'Active'}
                      color={revoked ? 'neutral' : 'success'}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    {!revoked && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        leftSection={<IconKeyOff size={16} aria-hidden />}
                        aria-label={`Revoke ${key.name}`}
                        aria-haspopup="dialog"
                        onClick={() => onRevoke(key)}
                      >
                        {INTEGRATION_TEXTS.revoke}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  </Paper>
);

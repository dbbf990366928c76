import type { TAuditEntry } from '@laurel/contract';
import { Badge, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { auditActionColor, auditActionLabel } from '@/features/settings/audit-log/audit-actions';
import { changeRowsOf } from '@/features/settings/audit-log/audit-changes';
import { formatWhen, whoOf } from '@/features/settings/audit-log/audit-format';

type TAuditEntryModalProps = { entry: TAuditEntry | undefined; onClose: () => void };

/** One entry: who did what, when and from where, and what changed (from → to). */
export const AuditEntryModal = ({ entry, onClose }: TAuditEntryModalProps) => {
  const rows = entry ? changeRowsOf(entry.changes) : [];
  return (
    <Modal opened={entry !== undefined} onClose={onClose} title={entry?.summary ?? ''} size="xl">
      {entry && (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Badge color={auditActionColor(entry.action)} variant="light" radius="sm" tt="none">
              {auditActionLabel(entry.action)}
            </Badge>
            <Text size="sm" c="dimmed">
              {`${whoOf(entry)} · ${formatWhen(entry.occurred_at)}${entry.ip ? ` · ${entry.ip}` : ''}`}
            </Text>
          </Group>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              No field changes were recorded for this entry.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped withTableBorder verticalSpacing="xs" aria-label="Changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="30%">Field</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th w={32}>
                      <VisuallyHidden>Becomes</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>To</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.field}>
                      <Table.Td fw={500}>{row.field}</Table.Td>
                      <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                        {row.from}
                      </Table.Td>
                      <Table.Td>
                        <IconArrowRight size={14} aria-hidden style={{ display: 'block' }} />
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-word' }}>{row.to}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
};

import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/** One problem of an imported file: its spreadsheet row (the header is row 1), the column and what is wrong. */
export type TImportRowError = { row: number; field: string; message: string };

type TImportErrorTableProps = {
  title: string;
  errors: readonly TImportRowError[];
  /** Beside the title: how many rows failed, or that only some are listed. */
  note?: ReactNode;
  /** Under the title, right-aligned: a download of every error. */
  actions?: ReactNode;
  /** The second column's header: what the file calls the place of the problem. */
  fieldLabel?: string;
};

/** An import's failed rows as a table (Row, Field, Message), scrolling within its frame when long. */
export const ImportErrorTable = ({
  title,
  errors,
  note,
  actions,
  fieldLabel = 'Field',
}: TImportErrorTableProps) => {
  const headingId = useId();
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title id={headingId} order={2} fz="h4">
            {title}
          </Title>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </Group>
        {actions}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={480} maxHeight={420}>
          <Table striped stickyHeader aria-labelledby={headingId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Row</Table.Th>
                <Table.Th w={180}>{fieldLabel}</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.map((error) => (
                <Table.Tr key={`${error.row}:${error.field}:${error.message}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {error.field || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
};

import { IMPORT_MESSAGES, type TImportReport } from '@laurel/contract';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useId } from 'react';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';

/** The created / updated / unchanged (and skipped) counts of an import that went through. */
export const ImportCounts = ({ report }: { report: TImportReport }) => {
  const counts = [
    { label: 'Created', value: report.created },
    { label: 'Updated', value: report.updated },
    { label: 'Unchanged', value: report.unchanged },
    ...(report.skipped > 0 ? [{ label: 'Skipped', value: report.skipped }] : []),
  ];
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={CATALOGUE_TEXTS.importedTitle}
    >
      <Stack gap="sm">
        <Text size="sm">
          {report.skipped > 0
            ? IMPORT_MESSAGES.importedSkipping(
                report.created,
                report.updated,
                report.unchanged,
                report.skipped,
              )
            : IMPORT_MESSAGES.imported(report.created, report.updated, report.unchanged)}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: counts.length }} spacing="sm">
          {counts.map((count) => (
            <Paper key={count.label} withBorder radius="md" p="sm" role="group" aria-label={count.label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {count.label}
              </Text>
              <Text fz="xl" fw={700}>
                {count.value.toLocaleString('en-US')}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Alert>
  );
};

/** Every problem of the file: its row (the header is row 1), column and message. */
export const ImportErrorTable = ({ report }: { report: TImportReport }) => {
  const headingId = useId();
  const badRows = new Set(report.errors.map((error) => error.row)).size;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" aria-hidden />
        <Title id={headingId} order={2} fz="h4">
          {CATALOGUE_TEXTS.reportTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {badRows} of {report.rows} {report.rows === 1 ? 'row' : 'rows'}
        </Text>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={480} maxHeight={420}>
          <Table striped stickyHeader aria-labelledby={headingId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>Row</Table.Th>
                <Table.Th w={160}>Column</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errors.map((error) => (
                <Table.Tr key={`${error.row}:${error.column}:${error.message}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {error.column || '—'}
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

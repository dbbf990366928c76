import { IMPORT_MESSAGES, type TImportReport } from '@laurel/contract';
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { CATALOGUE_TEXTS } from '@/features/products/catalogue-texts';
import { ImportErrorTable as SharedImportErrorTable } from '@/ui/import-error-table';

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
  const badRows = new Set(report.errors.map((error) => error.row)).size;
  return (
    <SharedImportErrorTable
      title={CATALOGUE_TEXTS.reportTitle}
      fieldLabel="Column"
      errors={report.errors.map((error) => ({ row: error.row, field: error.column, message: error.message }))}
      note={`${badRows} of ${report.rows} ${report.rows === 1 ? 'row' : 'rows'}`}
    />
  );
};

import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '@laurel/contract';
import { Alert, Button, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CATALOGUE_TEXTS, IMPORT_HELP } from '@/features/products/catalogue-texts';
import { ImportCounts, ImportErrorTable } from '@/features/products/components/import-report';
import { type TImportKind, type TImportOutcome, useImportCatalogue } from '@/features/products/import-api';
import { productPaths } from '@/features/products/product-paths';
import { BackButton } from '@/ui/editor-page';
import { FileDrop } from '@/ui/file-drop';
import { PageTitle } from '@/ui/page-title';

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

const ImportHelp = ({ kind }: { kind: TImportKind }) => {
  const help = IMPORT_HELP[kind];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          The file
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            A header row naming the columns, in any order:{' '}
            {help.columns.map((column, index) => (
              <span key={column}>
                {index > 0 && ', '}
                <Code>{column}</Code>
                {help.required.includes(column as never) ? ' (required)' : ''}
              </span>
            ))}
            .
          </List.Item>
          <List.Item>{help.note}</List.Item>
          <List.Item>
            At most {IMPORT_MAX_BYTES / (1024 * 1024)} MB. A file with errors imports nothing unless you
            choose to import its valid rows only.
          </List.Item>
        </List>
        <Code block>{help.example}</Code>
      </Stack>
    </Paper>
  );
};

/**
 * `/console/products/import` and `/console/product-categories/import`: a CSV file is checked whole; with errors the
 * report lists each (row, column, message) and nothing is written until the user chooses to import the valid rows
 * only. A finished import shows what it created, updated and left unchanged.
 */
export const ImportPage = ({ kind }: { kind: TImportKind }) => {
  const run = useImportCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<TImportOutcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const title =
    kind === 'products' ? CATALOGUE_TEXTS.importProductsTitle : CATALOGUE_TEXTS.importCategoriesTitle;
  const back =
    kind === 'products'
      ? { to: productPaths.products, label: CATALOGUE_TEXTS.backToProducts }
      : { to: productPaths.categories, label: CATALOGUE_TEXTS.backToCategories };

  const send = (chosen: File, skipInvalid: boolean) =>
    run.mutate({ kind, file: chosen, skipInvalid }, { onSuccess: setOutcome });

  const choose = (chosen: File) => {
    setOutcome(null);
    if (!isCsv(chosen)) {
      setProblem(IMPORT_MESSAGES.fileRequired);
      return;
    }
    if (chosen.size > IMPORT_MAX_BYTES) {
      setProblem(IMPORT_MESSAGES.tooLarge);
      return;
    }
    setProblem(null);
    setFile(chosen);
    send(chosen, false);
  };

  const startAgain = () => {
    setFile(null);
    setOutcome(null);
    run.reset();
  };

  const report = outcome?.report;
  const refused = report !== undefined && !report.imported;

  return (
    <Stack gap="lg" maw={960}>
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackButton to={back.to}>{back.label}</BackButton>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Stack>
      {!report && (
        <>
          <FileDrop
            label={CATALOGUE_TEXTS.importFile}
            prompt={run.isPending ? `Checking ${file?.name ?? 'the file'}…` : CATALOGUE_TEXTS.importPrompt}
            hint=".csv, comma-separated, UTF-8"
            accept=".csv,text/csv"
            icon={IconFileSpreadsheet}
            busy={run.isPending}
            error={problem}
            onFile={choose}
          />
          <ImportHelp kind={kind} />
        </>
      )}
      {report && refused && (
        <>
          <Alert
            variant="light"
            color="orange"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={file?.name ?? 'The file'}
          >
            {outcome.message ||
              IMPORT_MESSAGES.nothingImported(new Set(report.errors.map((error) => error.row)).size)}
          </Alert>
          <ImportErrorTable report={report} />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={startAgain}
            >
              {CATALOGUE_TEXTS.chooseAnotherFile}
            </Button>
            {file && (
              <Button loading={run.isPending} onClick={() => send(file, true)}>
                {CATALOGUE_TEXTS.importValidOnly}
              </Button>
            )}
          </Group>
        </>
      )}
      {report && !refused && (
        <>
          <ImportCounts report={report} />
          {report.errors.length > 0 && <ImportErrorTable report={report} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={startAgain}>
              {CATALOGUE_TEXTS.importAnother}
            </Button>
            <Button component={Link} to={back.to}>
              {back.label}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
};

export const ProductsImportPage = () => <ImportPage kind="products" />;
export const CategoriesImportPage = () => <ImportPage kind="categories" />;

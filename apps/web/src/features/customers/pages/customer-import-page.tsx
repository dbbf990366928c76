import { CUSTOMER_IMPORT_MAX_BYTES, CUSTOMER_IMPORT_MESSAGES, consolePaths } from '@laurel/contract';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconFileImport, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { ImportExplanation } from '@/features/customers/components/import-explanation';
import { ImportHistory } from '@/features/customers/components/import-history';
import { ImportRun } from '@/features/customers/components/import-run';
import { mayAddCustomers } from '@/features/customers/customer-rules';
import { useStartCustomerImport } from '@/features/customers/import-api';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';
import { BackButton, ReadOnlyNote } from '@/ui/editor-page';
import { FileDrop } from '@/ui/file-drop';
import { PageTitle } from '@/ui/page-title';

/** `?import=<id>` shows one import's report, so Back returns to the previous one and a link opens it. */
const IMPORT_PARAM = 'import';

const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The chosen file, the two ways to send it, and the upload's progress while it goes up. */
const UploadPanel = ({ onStarted }: { onStarted: (id: string) => void }) => {
  const start = useStartCustomerImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<'check' | 'run' | null>(null);

  const choose = (chosen: File) => {
    if (!isCsv(chosen)) setProblem(CUSTOMER_IMPORT_MESSAGES.fileRequired);
    // An empty file has no header, let alone rows: said here rather than after an upload the server refuses.
    else if (chosen.size === 0) setProblem(CUSTOMER_IMPORT_MESSAGES.empty);
    else if (chosen.size > CUSTOMER_IMPORT_MAX_BYTES) setProblem(CUSTOMER_IMPORT_MESSAGES.tooLarge);
    else {
      setProblem(null);
      setFile(chosen);
      return;
    }
    setFile(null);
  };

  const send = (dryRun: boolean) => {
    if (!file) {
      setProblem(CUSTOMER_IMPORT_MESSAGES.fileRequired);
      return;
    }
    setSending(dryRun ? 'check' : 'run');
    start.mutate(
      { file, dryRun },
      {
        onSuccess: (run) => {
          // The file is imported: choosing it again is a deliberate act. A checked file stays, ready to import.
          if (!dryRun) setFile(null);
          onStarted(run._id);
        },
        onSettled: () => setSending(null),
      },
    );
  };

  const percent = start.progress
    ? Math.round((start.progress.loaded / Math.max(1, start.progress.total)) * 100)
    : 0;
  // Fully up, the file is still read through (counted and stored) before the server answers with the import.
  const processing = start.progress !== null && start.progress.loaded >= start.progress.total;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <FileDrop
          label={IMPORT_TEXTS.fileLabel}
          prompt={file ? IMPORT_TEXTS.chosen(file.name, fileSize(file.size)) : IMPORT_TEXTS.filePrompt}
          hint={IMPORT_TEXTS.fileHint}
          accept=".csv,text/csv"
          icon={IconFileSpreadsheet}
          disabled={start.isPending}
          error={problem}
          onFile={choose}
        />
        {start.isPending && file && (
          <Stack gap={4}>
            {processing ? (
              // Indeterminate: no value until the import reports its rows.
              <Progress.Root size="md" role="progressbar" aria-label={IMPORT_TEXTS.processingLabel}>
                <Progress.Section value={100} striped animated withAria={false} />
              </Progress.Root>
            ) : (
              <Progress value={percent} size="md" aria-label="Upload" />
            )}
            <Text size="sm" c="dimmed">
              {processing ? IMPORT_TEXTS.processing(file.name) : IMPORT_TEXTS.uploading(file.name, percent)}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            leftSection={<IconChecklist size={18} aria-hidden />}
            disabled={!file || (start.isPending && sending !== 'check')}
            loading={sending === 'check'}
            onClick={() => send(true)}
          >
            {IMPORT_TEXTS.check}
          </Button>
          <Button
            leftSection={<IconFileImport size={18} aria-hidden />}
            disabled={!file || (start.isPending && sending !== 'run')}
            loading={sending === 'run'}
            onClick={() => send(false)}
          >
            {IMPORT_TEXTS.run}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};

/**
 * `/console/customers/import` (DESIGN §10): what the CSV holds, a sample, the upload (a check writes nothing), the
 * chosen import's progress and report, and the history of imports below.
 */
export const CustomerImportPage = () => {
  const user = useSession()?.user;
  const [params, setParams] = useSearchParams();
  const selected = params.get(IMPORT_PARAM);
  // The import just started (or picked from the history below) is brought into view: its progress would otherwise
  // start below the fold, under the upload panel.
  const runRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected) runRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [selected]);
  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(IMPORT_PARAM, id);
      return next;
    });

  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle title={IMPORT_TEXTS.title} />
      <Stack gap="sm">
        <BackButton to={consolePaths.customers}>{IMPORT_TEXTS.backToCustomers}</BackButton>
        <Title order={1} fz="h2">
          {IMPORT_TEXTS.title}
        </Title>
      </Stack>
      <ImportExplanation />
      {mayAddCustomers(user) ? (
        <UploadPanel onStarted={open} />
      ) : (
        <ReadOnlyNote>{IMPORT_TEXTS.readOnly}</ReadOnlyNote>
      )}
      {selected && (
        // Scrolled to below the console's header, not under it.
        <div ref={runRef} style={{ scrollMarginTop: 80 }}>
          <ImportRun key={selected} id={selected} />
        </div>
      )}
      <ImportHistory onOpen={open} />
    </Stack>
  );
};

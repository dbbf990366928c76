import { CUSTOMER_IMPORT_STATUS_LABELS, type TCustomerImport } from '@laurel/contract';
import { Alert, Button, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useCsvExport } from '@/api/csv-export';
import {
  customerImportQuery,
  importErrorsUrl,
  isImportFinished,
  useImportFinished,
} from '@/features/customers/import-api';
import { IMPORT_TEXTS } from '@/features/customers/import-texts';
import { displayDateTime } from '@/ui/display-date';
import { ImportErrorTable } from '@/ui/import-error-table';
import { SectionCard } from '@/ui/section-card';
import { StatusChip } from '@/ui/status-chip';

const STATUS_COLORS = {
  queued: 'neutral',
  running: 'secondary',
  completed: 'success',
  failed: 'danger',
} as const;

const percentDone = (run: TCustomerImport) =>
  run.status === 'completed' ? 100 : run.rows > 0 ? Math.min(100, (run.rows_done / run.rows) * 100) : 0;

/** Every failed row as CSV, through the shared download (client token, progress in a notification). */
const useDownloadErrors = () => {
  const exporter = useCsvExport(IMPORT_TEXTS.downloadingErrors);
  return {
    running: exporter.running,
    run: (run: TCustomerImport) =>
      exporter.run(async () => ({
        success: true,
        content: {
          url: importErrorsUrl(run._id),
          file_name: `${run.file_name.replace(/\.csv$/i, '')}-errors.csv`,
          row_count: run.failed,
        },
      })),
  };
};

const Summary = ({ run }: { run: TCustomerImport }) => {
  if (run.status === 'failed')
    return (
      <Alert
        variant="light"
        color="red"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={IMPORT_TEXTS.failedTitle}
      >
        {run.failure}
      </Alert>
    );
  const clean = run.failed === 0;
  return (
    <Alert
      variant="light"
      color={clean ? 'teal' : 'orange'}
      icon={
        run.dry_run ? (
          <IconInfoCircle size={20} aria-hidden />
        ) : clean ? (
          <IconCircleCheck size={20} aria-hidden />
        ) : (
          <IconAlertTriangle size={20} aria-hidden />
        )
      }
      title={run.dry_run ? IMPORT_TEXTS.checkTitle : IMPORT_TEXTS.summary(run)}
    >
      {run.dry_run ? (
        <Text size="sm">{IMPORT_TEXTS.checkSummary(run)}</Text>
      ) : (
        run.balances_set > 0 && <Text size="sm">{IMPORT_TEXTS.balancesSet(run.balances_set)}</Text>
      )}
      {run.balances_lowered > 0 && (
        <Text size="sm" fw={600} mt={4}>
          {IMPORT_TEXTS.balancesLowered(run.balances_lowered, run.dry_run)}
        </Text>
      )}
    </Alert>
  );
};

/** One import: its status, its progress while it runs and, once finished, what it did and which rows failed. */
export const ImportRun = ({ id }: { id: string }) => {
  const query = useQuery(customerImportQuery(id));
  const finished = useImportFinished();
  const download = useDownloadErrors();
  const run = query.data;
  // Once a run that was seen going finishes, the customers and the history reload.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!run) return;
    if (!isImportFinished(run)) wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      void finished(run);
    }
  }, [run, finished]);

  if (!run)
    return query.isError ? null : <Skeleton height={160} radius="md" aria-label="Loading the import" />;

  const done = isImportFinished(run);
  return (
    <SectionCard
      title={`${IMPORT_TEXTS.kind(run.dry_run)}: ${run.file_name}`}
      description={`Started ${displayDateTime(run.created_at)}${run.created_by ? ` by ${run.created_by}` : ''}`}
      actions={
        <StatusChip
          status={run.status}
          label={CUSTOMER_IMPORT_STATUS_LABELS[run.status]}
          color={STATUS_COLORS[run.status]}
        />
      }
    >
      <Stack gap={6}>
        <Progress
          value={percentDone(run)}
          animated={!done}
          striped={!done}
          color={run.status === 'failed' ? 'red' : undefined}
          size="lg"
          aria-label="Rows done"
        />
        <Text size="sm" c="dimmed">
          {run.status === 'queued' && run.rows === 0
            ? IMPORT_TEXTS.waiting
            : IMPORT_TEXTS.progress(run.rows_done, run.rows)}
        </Text>
      </Stack>
      {done && <Summary run={run} />}
      {run.errors.length > 0 && (
        <Stack gap={6}>
          <ImportErrorTable
            title={IMPORT_TEXTS.errorsTitle}
            errors={run.errors}
            note={
              run.failed > run.errors.length
                ? IMPORT_TEXTS.someErrorsShown(run.errors.length, run.failed)
                : undefined
            }
            actions={
              done &&
              run.failed > 0 && (
                <Button
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} aria-hidden />}
                  loading={download.running}
                  onClick={() => void download.run(run)}
                >
                  {IMPORT_TEXTS.downloadErrors}
                </Button>
              )
            }
          />
          {/* Without it, people count members from 1 and look one row too far down their file. */}
          <Text size="xs" c="dimmed">
            {IMPORT_TEXTS.rowNumbers}
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
};

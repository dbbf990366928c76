import {
  BUTTON_LABELS,
  consolePaths,
  REPORT_CARD_LABELS,
  TRANSACTION_PAGE_SIZE,
  type TReportKind,
  type TTransactionRow,
  transactionEndpoints,
} from '@laurel/contract';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCsvExport } from '@/api/csv-export';
import { DataAsOf } from '@/ui/data-as-of';
import { DataTable, tablePaging, useTableQuery } from '@/ui/data-table';
import { PageHeading } from '@/ui/page-title';
import { requestTransactionExport, transactionListQuery, transactionSummaryQuery } from '../api';
import { ReportCards } from '../components/report-cards';
import { ReportToolbar } from '../components/report-toolbar';
import { tableColumns } from '../report-columns';
import { REPORT_CONFIG } from '../report-config';
import { readReportFilters } from '../report-filters';

/**
 * One report of the framework (spec 3 §2; the rewards' Redemptions): snapshot cards over every matching row, the filters (kept in the URL,
 * back to page 1 on change), the table (10 a page, columns remembered per browser) and Export CSV.
 */
export const TransactionReportPage = <K extends TReportKind>({
  kind,
  extraActions,
}: {
  kind: K;
  /** Beside Export CSV: what the report's own area adds (Redemptions: Accept Coupon). */
  extraActions?: ReactNode;
}) => {
  const config = REPORT_CONFIG[kind];
  const table = useTableQuery({ pageSize: TRANSACTION_PAGE_SIZE });
  const { filters, problems, filtered } = readReportFilters(kind, table);
  const list = useQuery(transactionListQuery(kind, filters, table.page, table.pageSize));
  const summary = useQuery(transactionSummaryQuery(kind, filters));
  const exporter = useCsvExport(`Exporting ${config.title.toLowerCase()}`);
  const customerId = table.filter('customer_id');

  return (
    <Stack gap="lg">
      <PageHeading
        title={config.title}
        subtitle={config.subtitle}
        aside={<DataAsOf endpoint={transactionEndpoints[kind].list} />}
      />
      {customerId && (
        <Alert variant="light" icon={<IconUser size={18} aria-hidden />}>
          Showing one customer’s {config.rows}.{' '}
          <Anchor component={Link} to={consolePaths.customerProfile(customerId)}>
            Open their profile
          </Anchor>{' '}
          or{' '}
          <Anchor component="button" type="button" onClick={() => table.setFilter('customer_id', null)}>
            show everyone
          </Anchor>
          .
        </Alert>
      )}
      <Stack gap="xs">
        {config.cardsHeading && (
          <Title order={2} fz="h4">
            {config.cardsHeading}
          </Title>
        )}
        <ReportCards labels={REPORT_CARD_LABELS[kind]} cards={summary.data?.cards} />
        {config.cardsNote && (
          <Text size="sm" c="dimmed">
            {config.cardsNote}
          </Text>
        )}
      </Stack>
      <DataTable<TTransactionRow<K>>
        table={config.columns}
        columns={tableColumns(kind)}
        records={list.data?.rows ?? []}
        {...tablePaging(table, list.data?.count)}
        countCapped={list.data?.countCapped ?? false}
        fetching={list.isFetching}
        filters={
          <ReportToolbar
            kind={kind}
            table={table}
            problems={problems}
            filtered={filtered}
            options={summary.data?.options}
          />
        }
        actions={
          <>
            {extraActions}
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={exporter.running}
              onClick={() => void exporter.run(() => requestTransactionExport(kind, filters))}
            >
              {BUTTON_LABELS.exportCsv}
            </Button>
          </>
        }
      />
    </Stack>
  );
};

export const EconomyTransactionsPage = () => <TransactionReportPage kind="economy" />;
export const ChallengeTransactionsPage = () => <TransactionReportPage kind="challenges" />;
export const BadgeTransactionsPage = () => <TransactionReportPage kind="badges" />;
export const RewardTrackTransactionsPage = () => <TransactionReportPage kind="reward-tracks" />;

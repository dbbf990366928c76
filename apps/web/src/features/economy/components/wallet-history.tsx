import { PAGE_SIZES, type TEconomyTransaction } from '@laurel/contract';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { customerWalletHistoryQuery } from '@/features/economy/api';
import { formatBalance } from '@/ui/balance-format';
import { DataTable, type TableColumn } from '@/ui/data-table';
import { displayDateTime } from '@/ui/display-date';

const PAGE_SIZE = PAGE_SIZES.picker;

/** A movement with its sign, so credits and debits read apart at a glance. */
const signed = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatBalance(Math.abs(value))}`;

const columns: TableColumn<TEconomyTransaction>[] = [
  {
    accessor: 'date_time',
    title: 'Date',
    noWrap: true,
    render: (row) => displayDateTime(row.date_time),
  },
  { accessor: 'transaction_type', title: 'Type', noWrap: true },
  { accessor: 'currency_name', title: 'Currency', noWrap: true, render: (row) => row.currency_name ?? '—' },
  {
    accessor: 'value',
    title: 'Amount',
    textAlign: 'right',
    noWrap: true,
    // The sign tells credit from debit; a colour would only repeat it (and fade below contrast under a dialog).
    render: (row) => (
      <Text size="sm" fw={600}>
        {signed(row.value)}
      </Text>
    ),
  },
  {
    accessor: 'wallet_balance_post_transaction',
    title: 'Balance after',
    textAlign: 'right',
    noWrap: true,
    render: (row) =>
      row.wallet_balance_post_transaction === null ? '—' : formatBalance(row.wallet_balance_post_transaction),
  },
  { accessor: 'reason', title: 'Reason', minWidth: 220, render: (row) => row.reason ?? '—' },
];

/** The customer's wallet movements in every currency, newest first, paged by the server. */
export const WalletHistory = ({ customerId }: { customerId: string }) => {
  const [page, setPage] = useState(1);
  const history = useQuery(customerWalletHistoryQuery(customerId, page, PAGE_SIZE));
  return (
    <DataTable<TEconomyTransaction>
      label="Wallet History"
      columns={columns}
      records={history.data?.rows ?? []}
      totalRecords={history.data?.count ?? 0}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      fetching={history.isFetching}
      emptyText="No wallet movements yet."
    />
  );
};

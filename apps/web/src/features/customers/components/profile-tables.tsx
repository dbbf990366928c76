import { COMMON_MESSAGES } from '@laurel/contract';
import { Paper } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { ProfileSection } from '@/features/customers/components/profile-section';

type TEmptyRow = { _id: string };
type TColumns = { accessor: string; title: string }[];

/** The customer's commerce tables; commerce lands later, so each shows the spec's empty text for now. */
const EmptyTable = ({ title, columns }: { title: string; columns: TColumns }) => (
  <ProfileSection title={title}>
    <Paper withBorder radius="md">
      <DataTable<TEmptyRow>
        aria-label={title}
        columns={columns}
        records={[]}
        idAccessor="_id"
        minHeight={150}
        noRecordsText={COMMON_MESSAGES.tableEmpty}
        verticalSpacing="sm"
      />
    </Paper>
  </ProfileSection>
);

export const ProfileTables = () => (
  <>
    <EmptyTable
      title="Baskets"
      columns={[
        { accessor: 'created_at', title: 'Date' },
        { accessor: 'items', title: 'Items' },
        { accessor: 'total', title: 'Total' },
        { accessor: 'branch', title: 'Branch' },
        { accessor: 'status', title: 'Status' },
      ]}
    />
    <EmptyTable
      title="Subscriptions"
      columns={[
        { accessor: 'name', title: 'Name' },
        { accessor: 'start_date', title: 'Start Date' },
        { accessor: 'last_purchase_date', title: 'Last Purchase Date' },
        { accessor: 'last_redemption_date', title: 'Last Redemption Date' },
        { accessor: 'status', title: 'Status' },
      ]}
    />
    <EmptyTable
      title="Orders"
      columns={[
        { accessor: 'date', title: 'Date' },
        { accessor: 'amount', title: 'Amount' },
        { accessor: 'branch', title: 'Branch' },
        { accessor: 'method', title: 'Method' },
        { accessor: 'status', title: 'Status' },
      ]}
    />
  </>
);

import { DELIVERY_FEE_TYPE_LABELS, PAGE_SIZES, type TBranch } from '@laurel/contract';
import { Anchor, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { branchListQuery } from '@/features/settings/branches/api';
import { settingsPaths } from '@/features/settings/settings-paths';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { PageTitle } from '@/ui/page-title';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const dash = (value: string | null | undefined) => (value?.trim() ? value : '—');
/** A cell cut short with an ellipsis keeps its whole text for the pointer. */
const full = (value: string | null | undefined) => <span title={value ?? undefined}>{dash(value)}</span>;

/** 'Flat Fee', or 'No delivery' for a branch that does not deliver. */
export const deliveryLabel = (branch: TBranch) =>
  branch.delivery_settings.delivery
    ? DELIVERY_FEE_TYPE_LABELS[branch.delivery_settings.delivery_fee_type]
    : 'No delivery';

const columns: TableColumn<TBranch>[] = [
  {
    accessor: 'display_name',
    title: 'Name',
    ellipsis: true,
    width: 160,
    // A link too, so that the keyboard reaches the branch as well as the mouse.
    render: (branch) => (
      <Anchor
        component={Link}
        to={settingsPaths.branch(branch._id)}
        size="sm"
        fw={600}
        c="inherit"
        title={branch.display_name}
        onClick={(event) => event.stopPropagation()}
      >
        {branch.display_name}
      </Anchor>
    ),
  },
  { accessor: 'branch_number', title: 'Number', render: (branch) => dash(branch.branch_number) },
  {
    accessor: 'contact_number',
    title: 'Contact Number',
    noWrap: true,
    render: (branch) => dash(branch.contact_number),
  },
  { accessor: 'email', title: 'Email', ellipsis: true, width: 150, render: (branch) => full(branch.email) },
  {
    accessor: 'address',
    title: 'Address',
    ellipsis: true,
    width: 140,
    render: (branch) => full(branch.address?.full_address),
  },
  { accessor: 'delivery', title: 'Delivery', noWrap: true, render: deliveryLabel },
  {
    accessor: 'updated_at',
    title: 'Updated',
    noWrap: true,
    render: (branch) => dateFormat.format(new Date(branch.updated_at)),
  },
];

/** `/console/settings/branches`: the client's branches, searchable and paged; a row opens the branch. */
export const BranchesPage = () => {
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const navigate = useNavigate();
  const list = useQuery(
    branchListQuery({ page: table.page, size: table.pageSize, search_string: table.search }),
  );
  return (
    <>
      <PageTitle title="Branches" />
      <DataTable<TBranch>
        title="Branches"
        table="branches"
        columns={columns}
        records={list.data?.branch_list ?? []}
        totalRecords={list.data?.count ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onPageChange={table.setPage}
        fetching={list.isFetching}
        filters={
          <DebouncedSearch
            label="Search branches"
            placeholder="Search by name…"
            value={table.search}
            onChange={table.setSearch}
          />
        }
        actions={
          <Button
            component={Link}
            to={settingsPaths.newBranch}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add Branch
          </Button>
        }
        onRowClick={(branch) => void navigate(settingsPaths.branch(branch._id))}
      />
    </>
  );
};

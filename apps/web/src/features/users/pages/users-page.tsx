import {
  consolePaths,
  DEBOUNCE_MS,
  PAGE_SIZES,
  STAFF_ROLE_LABELS,
  type TListedClientUser,
  USER_MESSAGES,
} from '@laurel/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@/api/use-session';
import { SecurityPolicySwitch } from '@/features/account-security';
import { branchOptionsQuery, usersListQuery } from '@/features/users/api';
import { AdminsOnlyNotice } from '@/features/users/components/admins-only-notice';
import type { TUserPageState } from '@/features/users/pages/user-page';
import { DataTable, DebouncedSearch, type TableColumn, useTableQuery } from '@/ui/data-table';
import { NavButton } from '@/ui/nav-button';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

/** At most this many branch names in a cell; the rest are counted. */
const NAMED_BRANCHES = 2;

const branchesText = (user: TListedClientUser, names: ReadonlyMap<string, string> | undefined) => {
  if (user.role === 'ADMIN') return 'All branches';
  if (user.manager_of.length === 0) return '—';
  const count = `${user.manager_of.length} ${user.manager_of.length === 1 ? 'branch' : 'branches'}`;
  if (!names) return count;
  const known = user.manager_of.flatMap((id) => names.get(id) ?? []);
  if (known.length === 0) return count;
  const shown = known.slice(0, NAMED_BRANCHES).join(', ');
  const rest = user.manager_of.length - Math.min(known.length, NAMED_BRANCHES);
  return rest > 0 ? `${shown} +${rest}` : shown;
};

const UsersTable = () => {
  const navigate = useNavigate();
  const location = useLocation();
  // The user page's 'Back to Users' returns to this page and search.
  const state: TUserPageState = { usersSearch: location.search };
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const users = useQuery(usersListQuery({ page: table.page, size: table.pageSize, search: table.search }));
  const branches = useQuery({
    ...branchOptionsQuery,
    select: (options) => new Map(options.map((option) => [option.value, option.label])),
  });

  const columns: TableColumn<TListedClientUser>[] = [
    {
      accessor: 'name',
      title: 'Name',
      render: (user) => (
        <Text fw={600} size="sm">
          {user.name}
        </Text>
      ),
    },
    { accessor: 'surname', title: 'Surname' },
    { accessor: 'email', title: 'Email' },
    { accessor: 'cell_number', title: 'Cell Number', render: (user) => user.cell_number ?? '—' },
    { accessor: 'role', title: 'Account Type', render: (user) => STAFF_ROLE_LABELS[user.role] },
    { accessor: 'status', title: 'Status', render: (user) => <StatusChip status={user.status} /> },
    {
      accessor: 'mfa_enabled',
      title: 'Two-factor',
      render: (user) => (
        <Badge color={user.mfa_enabled ? 'green' : 'gray'} variant="light">
          {user.mfa_enabled ? 'On' : 'Off'}
        </Badge>
      ),
    },
    {
      accessor: 'manager_of',
      title: 'Branches',
      render: (user) => (
        <Text size="sm" c={user.role === 'ADMIN' ? 'dimmed' : undefined}>
          {branchesText(user, branches.data)}
        </Text>
      ),
    },
  ];

  return (
    <DataTable<TListedClientUser>
      table="users"
      columns={columns}
      records={users.data?.user_list ?? []}
      totalRecords={users.data?.count ?? 0}
      page={table.page}
      pageSize={table.pageSize}
      onPageChange={table.setPage}
      fetching={users.isFetching}
      filters={
        <DebouncedSearch
          label="Search users"
          placeholder="Search by name or email"
          value={table.search}
          onChange={table.setSearch}
          debounceMs={DEBOUNCE_MS.usersSearch}
        />
      }
      actions={
        // A button, as spec 1 §2.13 names it ("'Add User' button"), not a link.
        <NavButton to={consolePaths.user()} state={state} icon={IconUserPlus}>
          {USER_MESSAGES.addUser}
        </NavButton>
      }
      onRowClick={(user) => void navigate(consolePaths.user(user._id), { state })}
    />
  );
};

/** `/console/users`: the client's console users, for admins (spec 1 §2.13). */
export const UsersPage = () => {
  const isAdmin = useSession()?.user.role === 'ADMIN';
  if (!isAdmin) return <AdminsOnlyNotice title={USER_MESSAGES.listTitle} />;
  return (
    <Stack gap="lg">
      <PageTitle title={USER_MESSAGES.listTitle} />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {USER_MESSAGES.listTitle}
          </Title>
          <Text c="dimmed">The people who run your loyalty programme, and what each of them may do.</Text>
        </Stack>
      </Group>
      <SecurityPolicySwitch />
      <UsersTable />
    </Stack>
  );
};

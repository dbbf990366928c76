import { PAGE_SIZES, type TStaffSession } from '@laurel/contract';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mySessionsQuery, useRevokeOtherSessions, useRevokeSession } from '@/features/account-security/api';
import { openConfirmModal } from '@/ui/confirm-modal';
import {
  DataTable,
  type TableColumn,
  tablePaging,
  usePreviousPageWhenEmpty,
  useTableQuery,
} from '@/ui/data-table';
import { displayDateTime } from '@/ui/display-date';
import { SectionCard } from '@/ui/section-card';

const SignOutSession = ({ session }: { session: TStaffSession }) => {
  const revoke = useRevokeSession();
  if (session.current) return null;
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      loading={revoke.isPending}
      aria-label={`Sign out ${session.device}, last used ${displayDateTime(session.last_used_at)}`}
      onClick={() => revoke.mutate(session._id)}
    >
      Sign out
    </Button>
  );
};

const columns: TableColumn<TStaffSession>[] = [
  {
    accessor: 'device',
    title: 'Device',
    render: (session) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {session.device}
        </Text>
        {session.current && (
          // Never cut to 'THIS …' on a phone: the narrow Device column grows to the marker's words instead.
          <Badge
            size="sm"
            variant="light"
            color="green"
            w="fit-content"
            styles={{ root: { flexShrink: 0, maxWidth: 'none' }, label: { overflow: 'visible' } }}
          >
            This device
          </Badge>
        )}
      </Stack>
    ),
  },
  { accessor: 'ip', title: 'IP address', render: (session) => session.ip ?? '—' },
  { accessor: 'created_at', title: 'Signed in', render: (session) => displayDateTime(session.created_at) },
  {
    accessor: 'last_used_at',
    title: 'Last used',
    render: (session) => displayDateTime(session.last_used_at),
  },
  { accessor: 'actions', title: 'Actions', render: (session) => <SignOutSession session={session} /> },
];

/**
 * Where the user is signed in, a page at a time (`?page=` keeps it); any other session can be signed out (it ends
 * within a second everywhere).
 */
export const SessionsCard = () => {
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const sessions = useQuery(mySessionsQuery(table.page, table.pageSize));
  const revokeOthers = useRevokeOtherSessions();
  // Signing out the last session of a later page shows the page before it.
  usePreviousPageWhenEmpty(sessions, sessions.data?.rows ?? [], table);
  // This session is one of the live ones counted.
  const others = Math.max(0, (sessions.data?.count ?? 0) - 1);
  return (
    <SectionCard
      title="Sessions"
      description="Browsers where you are signed in. Sign out any you do not recognise."
      actions={
        <Button
          variant="default"
          color="red"
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() =>
            openConfirmModal({
              title: 'Sign out all other sessions?',
              text: 'Every other browser signed in to your account is signed out at once.',
              confirmLabel: 'Sign out others',
              onConfirm: () => revokeOthers.mutate(undefined),
            })
          }
        >
          Sign out all other sessions
        </Button>
      }
    >
      <DataTable<TStaffSession>
        label="Sessions"
        columns={columns}
        records={sessions.data?.rows ?? []}
        {...tablePaging(table, sessions.data?.count)}
        fetching={sessions.isFetching}
      />
    </SectionCard>
  );
};

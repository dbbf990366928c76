import type { TStaffSession } from '@laurel/contract';
import { Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mySessionsQuery, useRevokeOtherSessions, useRevokeSession } from '@/features/account-security/api';
import { openConfirmModal } from '@/ui/confirm-modal';
import { displayDateTime } from '@/ui/display-date';
import { InlineLoader } from '@/ui/inline-loader';
import { SectionCard } from '@/ui/section-card';

const SessionRow = ({ session }: { session: TStaffSession }) => {
  const revoke = useRevokeSession();
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {session.device}
          </Text>
          {session.current && (
            <Badge size="sm" variant="light" color="green" w="fit-content">
              This device
            </Badge>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{session.ip ?? '—'}</Table.Td>
      <Table.Td>{displayDateTime(session.created_at)}</Table.Td>
      <Table.Td>{displayDateTime(session.last_used_at)}</Table.Td>
      <Table.Td>
        {!session.current && (
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
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** Where the user is signed in; any other session can be signed out (it ends within a second everywhere). */
export const SessionsCard = () => {
  const sessions = useQuery(mySessionsQuery);
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
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
      {!sessions.data ? (
        <InlineLoader label="Loading sessions" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label="Sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <SessionRow key={session._id} session={session} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
};

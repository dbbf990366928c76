import {
  COMMON_MESSAGES,
  consolePaths,
  STAFF_ROLE_LABELS,
  type TClientUser,
  type TCreateClientUserRequest,
  type TUpdateClientUserRequest,
  USER_MESSAGES,
  USER_RULE_MESSAGES,
} from '@laurel/contract';
import { Alert, Avatar, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { sessionStore } from '@/api/session-store';
import { useSession } from '@/api/use-session';
import { UserSecurityActions } from '@/features/account-security';
import { branchOptionsQuery, useCreateUser, userQuery, useUpdateUser } from '@/features/users/api';
import { AdminsOnlyNotice } from '@/features/users/components/admins-only-notice';
import { UserForm } from '@/features/users/components/user-form';
import { newUserValues, type TUserFormMode, valuesOfUser } from '@/features/users/user-form-values';
import { openMessageModal } from '@/ui/message-modal';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

/** The list passes its query string along, so that 'Back to Users' returns to the same page and search. */
export type TUserPageState = { usersSearch?: string };

const initials = (user: Pick<TClientUser, 'name' | 'surname' | 'email'>) =>
  `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();

/** The signed-in user's own details changed: the profile menu shows the new ones at once. */
const refreshOwnSession = (user: TClientUser) => {
  const session = sessionStore.get();
  if (!session || session.user._id !== user._id) return;
  sessionStore.set(
    {
      ...session,
      user: {
        ...session.user,
        name: user.name,
        surname: user.surname,
        email: user.email,
        cell_number: user.cell_number,
      },
    },
    session.user.remember_me,
  );
};

type THeaderProps = { title: string; backTo: string | null; children?: ReactNode };

const PageHeader = ({ title, backTo, children }: THeaderProps) => (
  <Stack gap="sm">
    {backTo && <BackNavButton to={backTo}>{USER_MESSAGES.backToUsers}</BackNavButton>}
    {children ?? (
      <Title order={1} fz="h2">
        {title}
      </Title>
    )}
  </Stack>
);

type TUserEditorProps = {
  title: string;
  mode: TUserFormMode;
  user: TClientUser | null;
  isSelf: boolean;
  backTo: string | null;
};

const UserEditor = ({ title, mode, user, isSelf, backTo }: TUserEditorProps) => {
  const navigate = useNavigate();
  const location = useLocation();
  const branches = useQuery({ ...branchOptionsQuery, enabled: mode.canManageAccess });
  const create = useCreateUser();
  const update = useUpdateUser();

  // After a save the app goes back (spec 1 §4); opened directly, there is nowhere to go back to.
  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate(mode.canManageAccess ? consolePaths.users : consolePaths.dashboard, { replace: true });
  };

  const succeeded = (message: string) => {
    openMessageModal({ title: COMMON_MESSAGES.successEllipsis, message });
    goBack();
  };

  const submit = (body: TCreateClientUserRequest | TUpdateClientUserRequest) => {
    if (mode.isNew) {
      create.mutate(body as TCreateClientUserRequest, { onSuccess: (result) => succeeded(result.message) });
      return;
    }
    update.mutate(body as TUpdateClientUserRequest, {
      onSuccess: (result) => {
        if (isSelf) refreshOwnSession(result.content);
        succeeded(result.message);
      },
    });
  };

  const fullName = user ? `${user.name} ${user.surname}`.trim() : '';

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <PageHeader title={title} backTo={backTo}>
        {user && (
          <Group gap="md" wrap="nowrap">
            <Avatar color="laurel" variant="light" radius="xl" size={52} aria-hidden>
              {initials(user)}
            </Avatar>
            <Stack gap={2}>
              <Title order={1} fz="h2">
                {title}
              </Title>
              <Group gap="xs">
                <Text c="dimmed" size="sm">
                  {isSelf ? 'Your account' : fullName} · {user.email}
                </Text>
                {mode.canManageAccess && (
                  <Badge variant="light" color="gray" radius="sm" tt="none">
                    {STAFF_ROLE_LABELS[user.role]}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
        )}
      </PageHeader>
      {mode.isNew && (
        <Text c="dimmed" mt={-8}>
          Give a colleague access to the console. They sign in with this email and password.
        </Text>
      )}
      <UserForm
        // A reloaded user starts the form afresh.
        key={user ? `${user._id}:${user.updated_at}` : 'new'}
        label={title}
        initialValues={user ? valuesOfUser(user) : newUserValues()}
        mode={mode}
        {...(user ? { userId: user._id } : {})}
        branches={branches.data ?? []}
        branchesLoading={mode.canManageAccess && branches.isPending}
        submitting={create.isPending || update.isPending}
        onSubmit={submit}
      />
      {user && isSelf && (
        <Group>
          <Button component={Link} to={consolePaths.security} variant="default">
            Two-factor sign-in and sessions
          </Button>
        </Group>
      )}
      {user && !isSelf && mode.canManageAccess && (
        <UserSecurityActions userId={user._id} fullName={fullName} />
      )}
    </Stack>
  );
};

type TExistingUserProps = Omit<TUserEditorProps, 'user' | 'mode'> & {
  userId: string;
  canManageAccess: boolean;
};

const ExistingUser = ({ userId, canManageAccess, ...props }: TExistingUserProps) => {
  const user = useQuery(userQuery(userId));
  if (user.isPending) return <PageLoader label="Loading the user" />;
  if (!user.data) {
    return (
      <Stack gap="lg" maw={880}>
        <PageTitle title={props.title} />
        <PageHeader title={props.title} backTo={props.backTo} />
        <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {user.isError ? user.error.message : USER_RULE_MESSAGES.notFound}
        </Alert>
      </Stack>
    );
  }
  return <UserEditor {...props} user={user.data} mode={{ isNew: false, canManageAccess }} />;
};

/**
 * `/console/user/{userId?}`: 'Add User' without an id, 'Edit User' with one (spec 1 §2.13). An admin edits anyone
 * and sets access; anyone else reaches only their own page ('My Account') and edits only their own details.
 */
export const UserPage = () => {
  const { userId } = useParams();
  const session = useSession();
  const location = useLocation();
  if (!session) return null;

  const isAdmin = session.user.role === 'ADMIN';
  const isSelf = userId !== undefined && userId === session.user._id;
  const title = userId ? USER_MESSAGES.editUser : USER_MESSAGES.addUser;
  if (!isAdmin && !isSelf) return <AdminsOnlyNotice title={title} />;

  const listSearch = (location.state as TUserPageState | null)?.usersSearch ?? '';
  const backTo = isAdmin && !isSelf ? `${consolePaths.users}${listSearch}` : null;

  if (!userId) {
    return (
      <UserEditor
        title={title}
        mode={{ isNew: true, canManageAccess: true }}
        user={null}
        isSelf={false}
        backTo={backTo}
      />
    );
  }
  return (
    <ExistingUser
      key={userId}
      userId={userId}
      canManageAccess={isAdmin}
      title={title}
      isSelf={isSelf}
      backTo={backTo}
    />
  );
};

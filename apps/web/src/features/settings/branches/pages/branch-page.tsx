import { COMMON_MESSAGES, DEFAULT_CURRENCY_SYMBOL, isId } from '@laurel/contract';
import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useClientRecord } from '@/app/console/client-record';
import { branchQuery, useSaveBranch } from '@/features/settings/branches/api';
import {
  branchValuesOf,
  newBranchValues,
  serverErrorsOf,
  type TBranchErrors,
  type TBranchFormValues,
  toBranchRequest,
} from '@/features/settings/branches/branch-values';
import { BranchForm } from '@/features/settings/branches/components/branch-form';
import { settingsPaths } from '@/features/settings/settings-paths';
import { openMessageModal } from '@/ui/message-modal';
import { PageTitle } from '@/ui/page-title';
import { openPleaseWait } from '@/ui/please-wait-modal';

const BackToBranches = () => (
  <Anchor component={Link} to={settingsPaths.branches} size="sm" c="dimmed">
    <Group gap={4} component="span">
      <IconArrowLeft size={14} aria-hidden />
      Back to Branches
    </Group>
  </Anchor>
);

/**
 * `/console/settings/branches/new` and `/console/settings/branches/:branchId`: add or edit a branch. A save shows
 * 'Success' with the server's message and returns to the list; a failure shows 'Something went wrong!' with it.
 */
export const BranchPage = () => {
  const { branchId } = useParams();
  const id = branchId && branchId !== 'new' ? branchId : undefined;
  const validId = id === undefined || isId(id);
  const branch = useQuery({ ...branchQuery(id ?? ''), enabled: id !== undefined && validId });
  const currencySymbol = useClientRecord().data?.currency_symbol ?? DEFAULT_CURRENCY_SYMBOL;
  const save = useSaveBranch(id);
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<TBranchErrors>({});

  const title = id ? 'Edit Branch' : 'Add Branch';
  const savedAddress = branch.data?.address?.full_address;

  const submit = (values: TBranchFormValues) => {
    setServerErrors({});
    const waitId = openPleaseWait(id ? 'Saving the branch' : 'Adding the branch');
    save.mutate(toBranchRequest(values, savedAddress), {
      onSuccess: (result) => {
        // The form is done with: Back from the list should not reopen it.
        void navigate(settingsPaths.branches, { replace: true });
        openMessageModal({ title: COMMON_MESSAGES.success, message: result.message });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setServerErrors(serverErrorsOf(error.content));
      },
      onSettled: () => modals.close(waitId),
    });
  };

  const header = (
    <Stack gap={4}>
      <BackToBranches />
      <Title order={2} fz="h3" mt={4}>
        {title}
      </Title>
      {branch.data && (
        <Text size="sm" c="dimmed">
          {branch.data.display_name}
        </Text>
      )}
    </Stack>
  );

  if (!validId || branch.isError) {
    return (
      <Stack gap="lg">
        <PageTitle title={title} />
        {header}
        <Alert color="gray" variant="light" title="Branch not found">
          {branch.error?.message ?? 'The branch could not be found.'}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1080}>
      <PageTitle title={title} />
      {header}
      {id && !branch.data ? (
        <Stack gap="lg" aria-busy="true" aria-label="Loading the branch">
          <Skeleton height={220} radius="md" />
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : (
        <BranchForm
          key={branch.data ? `${branch.data._id}-${branch.data.updated_at}` : 'new'}
          label={title}
          initialValues={branch.data ? branchValuesOf(branch.data) : newBranchValues()}
          errors={serverErrors}
          disabled={save.isPending}
          currencySymbol={currencySymbol}
          onSubmit={submit}
        />
      )}
    </Stack>
  );
};

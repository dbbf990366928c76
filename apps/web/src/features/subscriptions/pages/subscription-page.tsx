import {
  COMMON_MESSAGES,
  consolePaths,
  isId,
  SUBSCRIPTION_API_MESSAGES,
  type TSaveSubscriptionRequest,
  type TSubscriptionDetails,
} from '@laurel/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import { subscriptionQuery, useDeleteSubscription, useSaveSubscription } from '@/features/subscriptions/api';
import { PlanImage } from '@/features/subscriptions/components/plan-image';
import { PlanProducts, PlanRedemptions } from '@/features/subscriptions/components/plan-tables';
import { SubscriptionAnalytics } from '@/features/subscriptions/components/subscription-analytics';
import { SubscriptionForm } from '@/features/subscriptions/components/subscription-form';
import {
  newSubscriptionValues,
  serverErrorsOf,
  type TSubscriptionFormErrors,
  valuesOfSubscription,
} from '@/features/subscriptions/subscription-form-values';
import { SUBSCRIPTION_TEXTS } from '@/features/subscriptions/subscription-format';
import {
  branchScopeOf,
  mayCreateSubscriptions,
  mayDeleteSubscriptions,
  mayUpdateSubscriptions,
} from '@/features/subscriptions/subscription-rules';
import { openConfirmModal } from '@/ui/confirm-modal';
import { BackButton, DeleteButton, ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';

const BackToSubscriptions = () => (
  <BackButton to={consolePaths.subscriptions}>{SUBSCRIPTION_TEXTS.backToSubscriptions}</BackButton>
);

const SubscriptionEditor = ({ plan }: { plan: TSubscriptionDetails | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const save = useSaveSubscription();
  const remove = useDeleteSubscription();
  const [serverErrors, setServerErrors] = useState<TSubscriptionFormErrors>({});
  const isNew = plan === null;
  const title = plan ? plan.name : SUBSCRIPTION_TEXTS.createTitle;
  const readOnly = isNew ? !mayCreateSubscriptions(user) : !mayUpdateSubscriptions(user);

  const submit = (body: TSaveSubscriptionRequest) => {
    setServerErrors({});
    save.mutate(
      { id: plan?._id ?? null, body },
      {
        onSuccess: (result) => {
          openMessageModal({
            title: COMMON_MESSAGES.success,
            message: result.message || SUBSCRIPTION_API_MESSAGES.saved,
          });
          // A new plan opens on its details page; Back does not return to an empty form.
          if (isNew) void navigate(consolePaths.subscriptionDetails(result.content._id), { replace: true });
        },
        onError: (error) =>
          setServerErrors(
            error instanceof ApiError && error.status === 400 ? serverErrorsOf(error.content) : {},
          ),
      },
    );
  };

  const confirmDelete = (target: TSubscriptionDetails) =>
    openConfirmModal({
      title: SUBSCRIPTION_TEXTS.deleteTitle(target.name),
      text: SUBSCRIPTION_TEXTS.deleteText,
      onConfirm: () =>
        remove.mutate(target._id, {
          onSuccess: (result) => {
            void navigate(consolePaths.subscriptions, { replace: true });
            openMessageModal({
              title: COMMON_MESSAGES.success,
              message: result.message || SUBSCRIPTION_API_MESSAGES.deleted,
            });
          },
        }),
    });

  return (
    <Stack gap="lg" maw={1120}>
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackToSubscriptions />
        <Group justify="space-between" align="center" wrap="wrap">
          <Group gap="md" wrap="nowrap">
            {plan && <PlanImage src={plan.image} alt={plan.name} size={48} />}
            <Stack gap={2}>
              <Group gap="sm">
                <Title order={1} fz="h2">
                  {title}
                </Title>
                {plan && <StatusChip status={plan.status} />}
              </Group>
              {plan && (
                <Text size="sm" c="dimmed">
                  {plan.sku}
                </Text>
              )}
            </Stack>
          </Group>
          {plan && mayDeleteSubscriptions(user) && (
            <DeleteButton loading={remove.isPending} onClick={() => confirmDelete(plan)} />
          )}
        </Group>
      </Stack>
      {plan && <SubscriptionAnalytics id={plan._id} symbol={symbol} />}
      {readOnly && (
        <ReadOnlyNote>
          You may view this subscription; changing it needs the Subscriptions permission to{' '}
          {isNew ? 'add' : 'edit'}.
        </ReadOnlyNote>
      )}
      <SubscriptionForm
        key={plan ? `${plan._id}:${plan.updated_at}` : 'new'}
        label={title}
        initialValues={plan ? valuesOfSubscription(plan) : newSubscriptionValues()}
        readOnly={readOnly}
        errors={serverErrors}
        submitting={save.isPending}
        onSubmit={submit}
      />
      {plan && <PlanProducts plan={plan} symbol={symbol} />}
      {plan && <PlanRedemptions id={plan._id} symbol={symbol} />}
    </Stack>
  );
};

const ExistingSubscription = ({ id }: { id: string }) => {
  const user = useSession()?.user;
  const plan = useQuery(subscriptionQuery(id, branchScopeOf(user)));
  useBackToListWhenFailed(plan.isError, consolePaths.subscriptions);
  if (!plan.data) return <PageLoader label="Loading the subscription" />;
  return <SubscriptionEditor plan={plan.data} />;
};

/** `/console/create-subscription` (no id) and `/console/subscription-details/{id}` (DESIGN §7). */
export const SubscriptionPage = () => {
  const { id } = useParams();
  if (!id) return <SubscriptionEditor plan={null} />;
  if (!isId(id)) return <BackToSubscriptions />;
  return <ExistingSubscription key={id} id={id} />;
};

import { consolePaths, PAGE_SIZES, type TWebhookDelivery, WEBHOOK_MESSAGES } from '@laurel/contract';
import { ActionIcon, Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useDialogParam } from '@/features/settings/components/use-dialog-param';
import { BusinessPlanLocked } from '@/features/settings/integrations/components/business-plan-locked';
import { useBusinessPlanIntegrations } from '@/features/settings/integrations/use-business-plan';
import {
  useResendWebhookDelivery,
  webhookDeliveriesQuery,
  webhookEndpointsQuery,
} from '@/features/settings/webhooks/api';
import { deliveryColumns } from '@/features/settings/webhooks/components/delivery-columns';
import {
  DeliveryFilters,
  type TDeliveryFilterValues,
} from '@/features/settings/webhooks/components/delivery-filters';
import { deliveryEventTypeOf, deliveryStatusOf } from '@/features/settings/webhooks/delivery-filter-values';
import { endpointStatusLook } from '@/features/settings/webhooks/webhook-format';
import { WEBHOOK_TEXTS } from '@/features/settings/webhooks/webhook-texts';
import { breakableUrl, URL_WRAP_STYLE } from '@/ui/breakable-url';
import { DataTable, useTableQuery } from '@/ui/data-table';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { PageTitle } from '@/ui/page-title';
import { StatusChip } from '@/ui/status-chip';
import { urlFilters } from '@/ui/url-filters';
import { mutateSettled, useOneAtATime } from '@/ui/use-one-at-a-time';

// Opened by a row: the Modal's code loads then, not with the page.
const DeliveryDetailsModal = lazyComponent(
  () => import('@/features/settings/webhooks/components/delivery-details-modal'),
  'DeliveryDetailsModal',
);

/** The URL parameter of the delivery shown in the dialog: Back closes it, a link opens it. */
const DELIVERY_PARAM = 'delivery';
const FILTER_PARAMS = ['search', 'status', 'type', 'page'] as const;
/** While a delivery on screen waits for its send or a retry, the page looks again this often. */
export const DELIVERIES_REFRESH_MS = 5000;

/**
 * `/console/settings/integrations/webhooks/:endpoint_id`: everything Laurel sent to one endpoint, newest first,
 * filtered by status, event type, webhook id or customer id; a row opens its body and attempts, Resend sends again.
 */
export const WebhookDeliveriesPage = () => {
  const endpointId = useParams().endpoint_id ?? '';
  const allowed = useBusinessPlanIntegrations();
  const endpoints = useQuery({ ...webhookEndpointsQuery(), enabled: allowed === true });
  const endpoint = endpoints.data?.find((item) => item._id === endpointId);
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const [params, setParams] = useSearchParams();
  const dialog = useDialogParam(DELIVERY_PARAM);
  const resend = useResendWebhookDelivery();
  // The opened delivery as it was when chosen: a refresh may move it to another page, the dialog stays.
  const [chosen, setChosen] = useState<TWebhookDelivery | undefined>();

  const values: TDeliveryFilterValues = {
    search: table.search,
    status: table.filter('status'),
    type: table.filter('type'),
  };
  const list = useQuery({
    ...webhookDeliveriesQuery({
      endpointId,
      page: table.page,
      size: table.pageSize,
      status: deliveryStatusOf(values.status),
      eventType: deliveryEventTypeOf(values.type),
      search: values.search,
    }),
    enabled: allowed === true && endpointId !== '',
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((item) => item.status === 'pending' || item.status === 'retrying')
        ? DELIVERIES_REFRESH_MS
        : false,
  });
  const locked =
    allowed === false ||
    [endpoints.error, list.error].some((error) => error instanceof ApiError && error.status === 402);
  const missing = endpoints.isSuccess && !endpoint;

  const { change, reset } = urlFilters<TDeliveryFilterValues>(params, setParams, FILTER_PARAMS);

  const deliveries = list.data?.deliveries ?? [];
  const openId = dialog.value;
  const shown = openId
    ? (deliveries.find((item) => item._id === openId) ?? (chosen?._id === openId ? chosen : undefined))
    : undefined;
  const open = (delivery: TWebhookDelivery) => {
    setChosen(delivery);
    dialog.open(delivery._id);
  };
  // One send at a time: a double-click's second click comes before the button shows it is busy.
  const once = useOneAtATime();
  const resendDelivery = (delivery: TWebhookDelivery) =>
    void once(() =>
      mutateSettled(resend, delivery._id, (result) => {
        // The dialog shows the delivery as the server now has it.
        if (chosen?._id === delivery._id) setChosen(result.content);
        const attempt = result.content.attempt_log[0];
        notifications.show({
          color: result.content.status === 'delivered' ? 'teal' : 'orange',
          message:
            result.message ||
            (attempt?.status_code != null
              ? `Sent again: the endpoint answered with status ${attempt.status_code}.`
              : `Sent again: ${attempt?.error ?? 'no answer'}.`),
          autoClose: 5000,
        });
      }),
    );
  const look = endpoint ? endpointStatusLook(endpoint) : undefined;
  // A switched-off endpoint (paused, or disabled after failures) receives nothing, a resend included: the server
  // refuses one, so the button is off and the page says why.
  const resendOffReason = endpoint && !endpoint.active ? WEBHOOK_MESSAGES.endpointSwitchedOff : null;

  return (
    <Stack gap="lg">
      <PageTitle title={WEBHOOK_TEXTS.deliveries} />
      <Anchor component={Link} to={consolePaths.webhooks} size="sm" w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {WEBHOOK_TEXTS.backToWebhooks}
        </Group>
      </Anchor>
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={2} size="h3">
            {WEBHOOK_TEXTS.deliveries}
          </Title>
          {look && <StatusChip status={look.label} label={look.label} color={look.color} />}
        </Group>
        {endpoint && (
          <Text size="sm" ff="monospace" style={URL_WRAP_STYLE}>
            {breakableUrl(endpoint.url)}
          </Text>
        )}
        <Text size="sm" c="dimmed" maw={720}>
          {WEBHOOK_TEXTS.deliveriesIntro}
        </Text>
      </Stack>
      {resendOffReason && !locked && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {resendOffReason}
        </Alert>
      )}
      {locked ? (
        <BusinessPlanLocked text={WEBHOOK_TEXTS.locked} />
      ) : missing ? (
        <Alert color="gray" variant="light">
          {WEBHOOK_MESSAGES.notFound}
        </Alert>
      ) : (
        <DataTable<TWebhookDelivery>
          columns={deliveryColumns({
            open,
            resend: resendDelivery,
            resendingId: resend.isPending ? resend.variables : undefined,
            resendDisabled: resendOffReason !== null,
          })}
          records={deliveries}
          totalRecords={list.data?.count ?? 0}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          fetching={allowed === undefined || list.isPending}
          filters={<DeliveryFilters values={values} onChange={change} onReset={reset} />}
          actions={
            <LazyTooltip label="Refresh" withArrow>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Refresh the deliveries"
                disabled={allowed !== true}
                onClick={() => void list.refetch()}
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </LazyTooltip>
          }
          onRowClick={open}
          pinLastColumn
        />
      )}
      <MountWhen when={openId !== null}>
        <DeliveryDetailsModal
          delivery={shown}
          resending={resend.isPending && resend.variables === shown?._id}
          resendOffReason={resendOffReason}
          onResend={resendDelivery}
          onClose={dialog.close}
        />
      </MountWhen>
    </Stack>
  );
};

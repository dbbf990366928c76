import { COUNT_CAP, listEventLog, PAGE_SIZES, type TEventLogEntry } from '@laurel/contract';
import { ActionIcon, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useDialogParam } from '@/features/settings/components/use-dialog-param';
import { eventLogQuery, useRetryEvent } from '@/features/settings/integrations/api';
import { BusinessPlanLocked } from '@/features/settings/integrations/components/business-plan-locked';
import { eventColumns } from '@/features/settings/integrations/components/event-log-columns';
import {
  EventLogFilters,
  type TEventFilterValues,
} from '@/features/settings/integrations/components/event-log-filters';
import { eventStatusOf, eventTypeOf } from '@/features/settings/integrations/integrations-format';
import { INTEGRATION_TEXTS } from '@/features/settings/integrations/integrations-texts';
import { useBusinessPlanIntegrations } from '@/features/settings/integrations/use-business-plan';
import { DataAsOf } from '@/ui/data-as-of';
import { DataTable, useTableQuery } from '@/ui/data-table';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { LazyTooltip } from '@/ui/lazy-tooltip';
import { urlFilters } from '@/ui/url-filters';

// Opened by a row: the Modal's code loads then, not with the tab.
const EventDetailsModal = lazyComponent(
  () => import('@/features/settings/integrations/components/event-details-modal'),
  'EventDetailsModal',
);

/**
 * The contract's list of remembered tables has no 'event-log' yet (asked for); until it has, the name is given
 * here, and the storage key it makes has the same shape as every other table's.
 */
const EVENT_LOG_TABLE = 'event-log';

/** The URL parameter of the event shown in the dialog: Back closes it, a link opens it. */
const EVENT_PARAM = 'event';
const FILTER_PARAMS = ['search', 'status', 'type', 'page'] as const;

/**
 * Every event the client's systems sent, newest first, with what the engine did with it. A parked (failed) event
 * can be retried; while an event on screen waits, the table refreshes itself.
 */
export const EventLogSection = () => {
  const headingId = useId();
  // The event log needs the Business plan (DESIGN §9); the API answers 402 outside it.
  const allowed = useBusinessPlanIntegrations();
  const table = useTableQuery({ pageSize: PAGE_SIZES.default });
  const [params, setParams] = useSearchParams();
  const dialog = useDialogParam(EVENT_PARAM);
  const retry = useRetryEvent();
  // The opened event as it was when chosen: a refresh may move it to another page, the dialog stays.
  const [chosen, setChosen] = useState<TEventLogEntry | undefined>();

  const values: TEventFilterValues = {
    search: table.search,
    status: table.filter('status'),
    type: table.filter('type'),
  };
  const list = useQuery({
    ...eventLogQuery({
      page: table.page,
      size: table.pageSize,
      status: eventStatusOf(values.status),
      type: eventTypeOf(values.type),
      search_string: values.search,
    }),
    enabled: allowed === true,
  });
  const locked = allowed === false || (list.error instanceof ApiError && list.error.status === 402);

  const { change, reset } = urlFilters<TEventFilterValues>(params, setParams, FILTER_PARAMS);

  const entries = list.data?.entries ?? [];
  const openId = dialog.value;
  const shown = openId
    ? (entries.find((entry) => entry._id === openId) ?? (chosen?._id === openId ? chosen : undefined))
    : undefined;
  const open = (entry: TEventLogEntry) => {
    setChosen(entry);
    dialog.open(entry._id);
  };
  const retryEvent = (entry: TEventLogEntry) =>
    retry.mutate(entry._id, {
      onSuccess: (result) => {
        // The dialog shows the event as the server now has it.
        if (chosen?._id === entry._id) setChosen(result.content);
        notifications.show({
          color: 'teal',
          message: result.message || 'The event will be processed again.',
          autoClose: 4000,
        });
      },
    });
  const retryingId = retry.isPending ? retry.variables : undefined;
  const waiting = entries.some((entry) => entry.status === 'accepted');

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Stack gap={2} maw={720}>
        <Title order={2} size="h3" id={headingId}>
          {INTEGRATION_TEXTS.eventLogTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {INTEGRATION_TEXTS.eventLogIntro}
        </Text>
        <DataAsOf endpoint={listEventLog} />
      </Stack>
      {locked ? (
        <BusinessPlanLocked text={INTEGRATION_TEXTS.eventLogLocked} />
      ) : (
        <DataTable<TEventLogEntry>
          table={EVENT_LOG_TABLE}
          columns={eventColumns({ open, retry: retryEvent, retryingId })}
          records={entries}
          totalRecords={list.data?.count ?? 0}
          // The server stops counting past the cap: the footer then reads "10,000+".
          countCapped={(list.data?.count ?? 0) > COUNT_CAP}
          page={table.page}
          pageSize={table.pageSize}
          onPageChange={table.setPage}
          fetching={allowed === undefined || list.isPending || (list.isFetching && !waiting)}
          filters={<EventLogFilters values={values} onChange={change} onReset={reset} />}
          actions={
            <Group gap="sm" wrap="nowrap">
              {waiting && (
                <Group gap={6} wrap="nowrap" role="status">
                  <Loader size={12} type="oval" aria-hidden />
                  <Text size="xs" c="dimmed">
                    Updating while events wait
                  </Text>
                </Group>
              )}
              <LazyTooltip label="Refresh" withArrow>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label="Refresh the event log"
                  disabled={allowed !== true}
                  onClick={() => void list.refetch()}
                >
                  <IconRefresh size={18} aria-hidden />
                </ActionIcon>
              </LazyTooltip>
            </Group>
          }
          onRowClick={open}
          pinLastColumn
        />
      )}
      <MountWhen when={openId !== null}>
        <EventDetailsModal
          event={shown}
          retrying={retry.isPending && retryingId === shown?._id}
          onRetry={retryEvent}
          onClose={dialog.close}
        />
      </MountWhen>
    </Stack>
  );
};

import {
  COMMON_MESSAGES,
  consolePaths,
  STATISTIC_MESSAGES,
  statisticTitle,
  type TCreateStatisticRequest,
  type TStatistic,
  type TUpdateStatisticRequest,
} from '@laurel/contract';
import { Grid, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/http-client';
import { useSession } from '@/api/use-session';
import { statisticQuery, useCreateStatistic, useUpdateStatistic } from '@/features/statistics/api';
import { StatisticForm } from '@/features/statistics/components/statistic-form';
import { StatisticHelp, StatisticSummary } from '@/features/statistics/components/statistic-summary';
import { SystemBadge } from '@/features/statistics/components/system-badge';
import {
  newStatisticValues,
  serverErrorsOf,
  type TStatisticFormErrors,
  valuesOfStatistic,
} from '@/features/statistics/statistic-form-values';
import { STATISTIC_TEXTS } from '@/features/statistics/statistic-format';
import { mayCreateStatistics, mayUpdateStatistics } from '@/features/statistics/statistic-rules';
import { ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

const BackToStatistics = () => (
  <BackNavButton to={consolePaths.statistics}>{STATISTIC_MESSAGES.backToStatistics}</BackNavButton>
);

/** A 400's field errors go onto the fields; the message modal shows the server's message either way. */
const fieldErrorsOf = (error: Error) =>
  error instanceof ApiError && error.status === 400 ? serverErrorsOf(error.content) : {};

const StatisticEditor = ({ statistic }: { statistic: TStatistic | null }) => {
  const navigate = useNavigate();
  const user = useSession()?.user;
  const create = useCreateStatistic();
  const update = useUpdateStatistic();
  const [serverErrors, setServerErrors] = useState<TStatisticFormErrors>({});

  const isNew = statistic === null;
  const title = isNew ? STATISTIC_MESSAGES.createTitle : statisticTitle(statistic.name);
  const isSystem = statistic?.system === true;
  const mayChange = isNew ? mayCreateStatistics(user) : mayUpdateStatistics(user);
  const readOnly = isSystem || !mayChange;

  const submit = (body: TCreateStatisticRequest | TUpdateStatisticRequest) => {
    setServerErrors({});
    const onError = (error: Error) => setServerErrors(fieldErrorsOf(error));
    if (isNew) {
      create.mutate(body as TCreateStatisticRequest, {
        onSuccess: () => {
          // After create the user goes to the list (spec 2 §2); Back should not reopen an empty form.
          void navigate(consolePaths.statistics, { replace: true });
          openMessageModal({ title: COMMON_MESSAGES.success, message: STATISTIC_MESSAGES.created });
        },
        onError,
      });
      return;
    }
    update.mutate(
      { id: statistic._id, body: body as TUpdateStatisticRequest },
      {
        onSuccess: () =>
          openMessageModal({ title: COMMON_MESSAGES.success, message: STATISTIC_MESSAGES.updated }),
        onError,
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackToStatistics />
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {isSystem && <SystemBadge />}
        </Group>
      </Stack>
      {readOnly && (
        <ReadOnlyNote maw={1080}>
          {isSystem ? STATISTIC_TEXTS.systemNote : STATISTIC_TEXTS.readOnlyNote}
        </ReadOnlyNote>
      )}
      <Grid gap="lg" align="flex-start" maw={1080}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <StatisticForm
            // A saved statistic starts the form afresh, which clears the edited flag.
            key={statistic ? `${statistic._id}:${statistic.updated_at}:${statistic.version}` : 'new'}
            label={title}
            initialValues={statistic ? valuesOfStatistic(statistic) : newStatisticValues()}
            isNew={isNew}
            readOnly={readOnly}
            errors={serverErrors}
            submitting={create.isPending || update.isPending}
            onSubmit={submit}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {statistic ? <StatisticSummary statistic={statistic} /> : <StatisticHelp />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

const ExistingStatistic = ({ id }: { id: string }) => {
  const statistic = useQuery(statisticQuery(id));
  useBackToListWhenFailed(statistic.isError, consolePaths.statistics);
  if (!statistic.data) return <PageLoader label="Loading the statistic" />;
  return <StatisticEditor statistic={statistic.data} />;
};

/** `/console/statistic/{statistic_id?}`: 'Create Statistic' without an id, 'Statistic - {name}' with one. */
export const StatisticPage = () => {
  const { statistic_id: id } = useParams();
  if (!id) return <StatisticEditor statistic={null} />;
  return <ExistingStatistic key={id} id={id} />;
};

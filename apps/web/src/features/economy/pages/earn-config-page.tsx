import { COMMON_MESSAGES, ECONOMY_API_MESSAGES, type TEarnConfig } from '@laurel/contract';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '@/api/use-session';
import { useClientRecord } from '@/app/console/client-record';
import {
  currenciesQuery,
  earnConfigQuery,
  exclusionLabelsQuery,
  useSaveEarnConfig,
} from '@/features/economy/api';
import { EarnConfigForm } from '@/features/economy/components/earn-config-form';
import {
  newEarnConfigValues,
  type TEarnConfigFormValues,
  type TEarnConfigKind,
  toEarnConfigBody,
  valuesOfEarnConfig,
} from '@/features/economy/earn-config-form-values';
import { EARN_CONFIG_KINDS } from '@/features/economy/earn-config-kinds';
import { mayCreateIn, mayUpdateIn } from '@/features/economy/economy-rules';
import { ECONOMY_TEXTS } from '@/features/economy/economy-texts';
import { ReadOnlyNote, useBackToListWhenFailed } from '@/ui/editor-page';
import { openMessageModal } from '@/ui/message-modal';
import { BackNavButton } from '@/ui/nav-button';
import { PageLoader } from '@/ui/page-loader';
import { PageTitle } from '@/ui/page-title';

type TEditorProps = {
  kind: TEarnConfigKind;
  config: TEarnConfig | null;
  initialValues: TEarnConfigFormValues;
};

const EarnConfigEditor = ({ kind, config, initialValues }: TEditorProps) => {
  const info = EARN_CONFIG_KINDS[kind];
  const navigate = useNavigate();
  const user = useSession()?.user;
  const symbol = useClientRecord().data?.currency_symbol ?? 'R';
  const currencies = useQuery({ ...currenciesQuery(), enabled: kind === 'cashback' });
  const save = useSaveEarnConfig();
  const title = config ? info.title(config.segment_name) : info.createTitle;
  const readOnly = config ? !mayUpdateIn(user, info.area) : !mayCreateIn(user, info.area);

  const submit = (values: TEarnConfigFormValues) =>
    save.mutate(
      { id: config?._id ?? null, body: toEarnConfigBody(values, kind) },
      {
        onSuccess: (saved) => {
          // The console stays on the config it saved, by its id (DESIGN §9); Back should not reopen an empty form.
          if (!config) void navigate(info.configPath(saved._id), { replace: true });
          openMessageModal({
            title: COMMON_MESSAGES.successExclaimed,
            message: ECONOMY_API_MESSAGES.earnConfigSaved,
          });
        },
      },
    );

  return (
    <Stack gap="lg">
      <PageTitle title={title} />
      <Stack gap="sm">
        <BackNavButton to={info.listPath}>{info.backLabel}</BackNavButton>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Stack>
      {readOnly && <ReadOnlyNote>{ECONOMY_TEXTS.readOnlyNote}</ReadOnlyNote>}
      <EarnConfigForm
        // A saved config starts the form afresh, which clears the edited flag (spec 3 §4).
        key={config ? `${config._id}:${config.updated_at}` : 'new'}
        kind={kind}
        heading={info.tableTitle}
        initialValues={initialValues}
        currencies={currencies.data?.currencies ?? []}
        currencySymbol={symbol}
        readOnly={readOnly}
        submitting={save.isPending}
        onSubmit={submit}
      />
    </Stack>
  );
};

const ExistingEarnConfig = ({ kind, id }: { kind: TEarnConfigKind; id: string }) => {
  const config = useQuery(earnConfigQuery(id));
  const labels = useQuery({
    ...exclusionLabelsQuery(
      config.data ?? { _id: id, excluded_product_ids: null, excluded_category_ids: null },
    ),
    enabled: config.isSuccess,
  });
  useBackToListWhenFailed(config.isError, EARN_CONFIG_KINDS[kind].listPath);
  if (!config.data || !labels.data) return <PageLoader label="Loading the earn config" />;
  return (
    <EarnConfigEditor
      kind={kind}
      config={config.data}
      initialValues={valuesOfEarnConfig(config.data, labels.data)}
    />
  );
};

/** `/console/economics/cashback-config/{config_id?}` and `/console/economics/xp-config/{config_id?}` (spec 3 §2). */
export const EarnConfigPage = ({ kind }: { kind: TEarnConfigKind }) => {
  const { config_id: id } = useParams();
  if (!id) return <EarnConfigEditor kind={kind} config={null} initialValues={newEarnConfigValues()} />;
  return <ExistingEarnConfig key={id} kind={kind} id={id} />;
};

export const CashbackConfigPage = () => <EarnConfigPage kind="cashback" />;
export const XpConfigPage = () => <EarnConfigPage kind="xp" />;

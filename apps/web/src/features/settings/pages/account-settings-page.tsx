import { ACCOUNT_SETTINGS_MESSAGES, PRIVACY_MESSAGES, REGIONAL_SETTINGS_MESSAGES } from '@laurel/contract';
import { Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '@/api/use-session';
import { useBillingPortal } from '@/app/console/billing';
import { useClientRecord } from '@/app/console/client-record';
import {
  privacySettingsQuery,
  useSaveNotificationSettings,
  useSavePrivacySettings,
  useSaveRegionalSettings,
} from '@/features/settings/api';
import { CurrentPlanPanel } from '@/features/settings/components/current-plan-panel';
import { NotificationSettingsForm } from '@/features/settings/components/notification-settings-form';
import {
  notificationValuesOf,
  sameNotificationValues,
  type TNotificationValues,
  toNotificationIntegration,
} from '@/features/settings/notification-values';
import { billingQuery } from '@/features/welcome';
import { lazyComponent, MountWhen } from '@/ui/lazy-component';
import { PageTitle } from '@/ui/page-title';
import { openPleaseWait } from '@/ui/please-wait-modal';
import { openUpgradePrompt } from '@/ui/upgrade-prompt';

// Below the plan and notifications: its number field loads just after the page, not in its first load.
const PrivacySettingsForm = lazyComponent(
  () => import('@/features/settings/components/privacy-settings-form'),
  'PrivacySettingsForm',
);
// Its time zone list and currency options load just after the page too.
const RegionalSettingsForm = lazyComponent(
  () => import('@/features/settings/components/regional-settings-form'),
  'RegionalSettingsForm',
);

/**
 * Account Settings (spec 1 §2.16): the current plan, the email-notification settings, regional settings (time zone,
 * currency symbol) and privacy (retention).
 */
export const AccountSettingsPage = () => {
  const clientId = useSession()?.user.client_id ?? '';
  const client = useClientRecord();
  const billing = useQuery({ ...billingQuery(clientId), enabled: clientId !== '' });
  const portal = useBillingPortal();
  const save = useSaveNotificationSettings(clientId);
  const [editing, setEditing] = useState(false);
  const privacy = useQuery(privacySettingsQuery());
  const savePrivacy = useSavePrivacySettings();
  const saveRegional = useSaveRegionalSettings(clientId);

  const plan = client.data?.clientSubscription;
  const offer = billing.data?.plans.find((item) => item.plan === plan?.name);
  const initialValues = notificationValuesOf(client.data);

  const submit = (values: TNotificationValues) => {
    if (sameNotificationValues(values, initialValues)) return setEditing(false);
    const waitId = openPleaseWait('Saving your notification settings');
    save.mutate(toNotificationIntegration(values), {
      onSuccess: () => setEditing(false),
      onSettled: () => modals.close(waitId),
    });
  };

  return (
    <Stack gap="lg">
      <PageTitle title={ACCOUNT_SETTINGS_MESSAGES.title} />
      <CurrentPlanPanel
        plan={plan}
        offer={offer}
        onManagePlan={portal.open}
        managing={portal.isPending}
        onSubscribe={() => openUpgradePrompt()}
      />
      <NotificationSettingsForm
        initialValues={initialValues}
        editing={editing}
        disabled={save.isPending}
        onEdit={() => setEditing(true)}
        onCancel={() => setEditing(false)}
        onSubmit={submit}
      />
      <MountWhen when={client.data !== undefined}>
        {client.data && (
          <RegionalSettingsForm
            initialValues={{ time_zone: client.data.time_zone, currency_symbol: client.data.currency_symbol }}
            disabled={saveRegional.isPending}
            onSubmit={(values) =>
              saveRegional.mutate(values, {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    title: 'Saved',
                    message: REGIONAL_SETTINGS_MESSAGES.saved,
                  }),
              })
            }
          />
        )}
      </MountWhen>
      <MountWhen when={privacy.data !== undefined}>
        {privacy.data && (
          <PrivacySettingsForm
            initialDays={privacy.data.event_payload_retention_days}
            disabled={savePrivacy.isPending}
            onSubmit={(days) =>
              savePrivacy.mutate(
                { event_payload_retention_days: days },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: 'Saved',
                      message: PRIVACY_MESSAGES.settingsSaved,
                    }),
                },
              )
            }
          />
        )}
      </MountWhen>
    </Stack>
  );
};

import { type TClient, type TNotificationIntegration, ZNotificationIntegration } from '@laurel/contract';
import '@/ui/plain-form-messages';

/** The email-notification form's values (spec 1 §3 "Client integration"). */
export type TNotificationValues = { enabled: boolean; returns_email_address: string };
export type TNotificationErrors = Partial<Record<keyof TNotificationValues, string>>;

/** The client's saved NOTIFICATION entry; without one, notifications are off (spec 1 §3). */
export const notificationValuesOf = (client: TClient | undefined): TNotificationValues => {
  const saved = client?.integration_settings.configurations.find((entry) => entry.type === 'NOTIFICATION');
  return {
    enabled: saved?.data.enabled ?? false,
    returns_email_address: saved?.data.returns_email_address ?? '',
  };
};

export const toNotificationIntegration = (values: TNotificationValues): TNotificationIntegration => ({
  type: 'NOTIFICATION',
  data: { enabled: values.enabled, returns_email_address: values.returns_email_address.trim() || null },
});

/** The API's own rules and messages (INTEGRATION_MESSAGES): the address is required only when enabled. */
export const validateNotification = (values: TNotificationValues): TNotificationErrors => {
  const parsed = ZNotificationIntegration.safeParse(toNotificationIntegration(values));
  if (parsed.success) return {};
  const errors: TNotificationErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.at(-1) === 'enabled' ? 'enabled' : 'returns_email_address';
    errors[field] ??= issue.message;
  }
  return errors;
};

export const sameNotificationValues = (a: TNotificationValues, b: TNotificationValues) =>
  a.enabled === b.enabled && a.returns_email_address.trim() === b.returns_email_address.trim();

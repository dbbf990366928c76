import {
  type TSaveWebhookEndpointRequest,
  type TWebhookUrlPolicy,
  WEBHOOK_URL_FORM_MESSAGES,
  webhookUrlFormProblem,
  ZSaveWebhookEndpointRequest,
} from '@laurel/contract';
import '@/ui/plain-form-messages';

export type TWebhookFormErrors = { url?: string; event_types?: string };

/**
 * The contract's rules (the server's messages), and the URL's form by the server's own rule (`policy`: https unless
 * its configuration allows http, no credentials), checked before anything is sent; the address itself only the
 * server can check.
 */
export const webhookFormErrors = (
  values: TSaveWebhookEndpointRequest,
  policy: TWebhookUrlPolicy,
): TWebhookFormErrors => {
  const errors: TWebhookFormErrors = {};
  const parsed = ZSaveWebhookEndpointRequest.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'url' || field === 'event_types') && !errors[field]) errors[field] = issue.message;
    }
  }
  const form = errors.url ? null : webhookUrlFormProblem(values.url.trim(), policy);
  if (form) errors.url = WEBHOOK_URL_FORM_MESSAGES[form];
  return errors;
};

import {
  type TSaveWebhookEndpointRequest,
  WEBHOOK_MESSAGES,
  ZSaveWebhookEndpointRequest,
} from '@laurel/contract';

export type TWebhookFormErrors = { url?: string; event_types?: string };

/** http or https with a host: the server then checks https, the address and that the host resolves. */
const isWebUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The contract's rules (the server's messages), and a URL that parses, checked before anything is sent. */
export const webhookFormErrors = (values: TSaveWebhookEndpointRequest): TWebhookFormErrors => {
  const errors: TWebhookFormErrors = {};
  const parsed = ZSaveWebhookEndpointRequest.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'url' || field === 'event_types') && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.url && !isWebUrl(values.url.trim())) errors.url = WEBHOOK_MESSAGES.urlInvalid;
  return errors;
};

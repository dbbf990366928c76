import { type TSaveSubscriptionRequest, ZSaveSubscriptionRequest } from '@laurel/contract';
import {
  isField,
  requestOf,
  type TSubscriptionFormErrors,
  type TSubscriptionFormResult,
  type TSubscriptionFormValues,
} from '@/features/subscriptions/subscription-form-values';
import '@/ui/plain-form-messages';

// The plan's checks, apart from its values: they take zod, which the editor loads once edited.

/** Checked by the contract's schema, so that each field shows the server's own message. */
export const parseSubscriptionForm = (values: TSubscriptionFormValues): TSubscriptionFormResult => {
  const body = requestOf(values);
  const parsed = ZSaveSubscriptionRequest.safeParse(body);
  if (parsed.success) return { ok: true, body: body as TSaveSubscriptionRequest };
  const errors: TSubscriptionFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
};

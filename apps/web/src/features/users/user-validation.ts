import { ZCreateClientUserRequest, ZUpdateClientUserRequest } from '@laurel/contract';
import {
  accessOf,
  personalOf,
  type TUserFormErrors,
  type TUserFormField,
  type TUserFormMode,
  type TUserFormResult,
  type TUserFormValues,
} from '@/features/users/user-form-values';
import '@/ui/plain-form-messages';

// The user form's checks, apart from its values: they take zod, which the form loads once something changed.

type TIssue = { path: PropertyKey[]; message: string };

const errorsOf = (issues: readonly TIssue[]): TUserFormErrors => {
  const errors: TUserFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as TUserFormField | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
};

/**
 * The request the form would send, checked by the contract's own schema, so that the page shows the very messages
 * the server would give ('name is required', 'manager of is required', …). Non-admins send only their details.
 */
export const parseUserForm = (
  values: TUserFormValues,
  mode: TUserFormMode,
  userId?: string,
): TUserFormResult => {
  const parsed = mode.isNew
    ? ZCreateClientUserRequest.safeParse({
        ...personalOf(values),
        ...accessOf(values),
        password: values.password,
      })
    : ZUpdateClientUserRequest.safeParse({
        user_id: userId,
        ...personalOf(values),
        ...(mode.canManageAccess ? accessOf(values) : {}),
      });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsOf(parsed.error.issues) };
};

import { z } from 'zod';
import { ZNewPassword } from '../accounts/passwords';
import { ZUserPermissions } from '../accounts/session';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { requiredString, ZPageNumber, ZPageSize } from '../http/fields';
import { invalidEmailMessage, phoneNumberMessage, requiredMessage } from '../messages/form-rules';
import { BUSINESS_EMAIL_REGEX, TEN_DIGIT_PHONE_REGEX } from '../shared/contact';
import { ZId } from '../shared/ids';
import { isBranchScopedRole, ZStaffRole } from '../shared/roles';
import { ZStaffFormStatus } from '../shared/staff-statuses';

export const USER_RULE_MESSAGES = {
  lastAdmin: 'A client needs at least one active admin.',
  selfLockout: 'You cannot remove your own admin access or deactivate yourself.',
  adminOnlyFields: 'Only an admin can change account type, status, branches and permissions.',
  unknownBranch: 'manager of contains a branch that does not exist.',
  notFound: 'The user could not be found.',
} as const;

/** One console staff user as the API returns it (spec 1 §3 "Client user"); never the password. */
export const ZClientUser = z.object({
  _id: z.string(),
  user_id: z.string(),
  client_id: z.string(),
  name: z.string(),
  surname: z.string(),
  user_name: z.string(),
  email: z.string(),
  cell_number: z.string().nullable(),
  role: ZStaffRole,
  status: ZStaffFormStatus,
  manager_of: z.array(z.string()),
  user_permissions: ZUserPermissions,
  get_communication: z.boolean(),
  agrees_terms_and_conditions: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TClientUser = z.infer<typeof ZClientUser>;

const ZUserFields = z.object({
  name: requiredString(requiredMessage('name')).max(100),
  surname: requiredString(requiredMessage('surname')).max(100),
  user_name: requiredString(requiredMessage('user_name')).max(100),
  cell_number: requiredString(requiredMessage('cell_number')).regex(
    TEN_DIGIT_PHONE_REGEX,
    phoneNumberMessage('cell_number'),
  ),
  email: requiredString(requiredMessage('email'))
    .max(254)
    .regex(BUSINESS_EMAIL_REGEX, invalidEmailMessage('email')),
  role: z.enum(ZStaffRole.options, { error: requiredMessage('role') }),
  status: z.enum(ZStaffFormStatus.options, { error: requiredMessage('status') }),
  manager_of: z.array(ZId, { error: requiredMessage('manager_of') }).max(500),
  user_permissions: ZUserPermissions,
  get_communication: z.boolean(),
  agrees_terms_and_conditions: z.boolean(),
});

// manager_of is required only for the branch-scoped roles (spec 1 §5 "Users").
const managerOfRule = <T extends { role?: string; manager_of?: string[] }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.role && isBranchScopedRole(value.role) && (value.manager_of ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', path: ['manager_of'], message: requiredMessage('manager_of') });
  }
};

export const ZCreateClientUserRequest = ZUserFields.extend({
  password: ZNewPassword,
  manager_of: ZUserFields.shape.manager_of.default([]),
  user_permissions: ZUserPermissions.default({}),
  get_communication: z.boolean().default(false),
  agrees_terms_and_conditions: z.boolean().default(false),
}).superRefine(managerOfRule);
export type TCreateClientUserRequest = z.input<typeof ZCreateClientUserRequest>;

/** Every field but user_id optional (and without defaults): a non-admin may send only their own details. */
export const ZUpdateClientUserRequest = ZUserFields.partial()
  .extend({ user_id: ZId })
  .superRefine(managerOfRule);
export type TUpdateClientUserRequest = z.input<typeof ZUpdateClientUserRequest>;

/** A user as the list shows them: also whether they have two-factor sign-in on (DESIGN §10). */
export const ZListedClientUser = ZClientUser.extend({ mfa_enabled: z.boolean() });
export type TListedClientUser = z.infer<typeof ZListedClientUser>;

const ZUserListContent = z.object({ user_list: z.array(ZListedClientUser), count: z.number().int() });

export const ZUserListQuery = z.object({
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  search_string: z.string().trim().max(200).optional(),
  user_id: ZId.optional(),
  role: ZStaffRole.optional(),
  status: ZStaffFormStatus.optional(),
});

export const createClientUser = defineEndpoint({
  method: 'POST',
  path: '/v2/create/client/user',
  permission: 'ADMIN',
  token: 'client',
  summary: 'Add a console user',
  tags: ['users'],
  body: ZCreateClientUserRequest,
  response: envelopeOf(ZClientUser),
});

export const updateClientUser = defineEndpoint({
  method: 'PUT',
  path: '/v2/update/client/user',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Edit a console user (admins: anyone; others: their own details only)',
  tags: ['users'],
  body: ZUpdateClientUserRequest,
  response: envelopeOf(ZClientUser),
});

export const listClientUsers = defineEndpoint({
  method: 'GET',
  path: '/v2/client/user/list',
  permission: 'ADMIN',
  token: 'client',
  summary: "The client's console users (search, paging)",
  tags: ['users'],
  query: ZUserListQuery,
  response: envelopeOf(ZUserListContent),
});

export const getClientUser = defineEndpoint({
  method: 'GET',
  path: '/v2/client/user',
  permission: 'SIGNED_IN',
  token: 'client',
  summary: 'Console users by filter (user_id for one); non-admins see only themselves',
  tags: ['users'],
  query: ZUserListQuery,
  response: envelopeOf(ZUserListContent),
});

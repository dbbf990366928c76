import {
  FEATURE_AREAS,
  isBranchScopedRole,
  type TClientUser,
  type TCreateClientUserRequest,
  type TFeatureArea,
  type TPermissionFlags,
  type TStaffFormStatus,
  type TStaffRole,
  type TUpdateClientUserRequest,
} from '@laurel/contract';

export type TPermissionGrid = Record<TFeatureArea, TPermissionFlags>;

/** What the user page edits: every field of spec 1 §2.13; password only for a new user. */
export type TUserFormValues = {
  name: string;
  surname: string;
  user_name: string;
  cell_number: string;
  email: string;
  password: string;
  /** Empty until the admin picks an account type for a new user. */
  role: TStaffRole | null;
  status: TStaffFormStatus;
  manager_of: string[];
  user_permissions: TPermissionGrid;
};

export type TUserFormField = keyof TUserFormValues;
export type TUserFormErrors = Partial<Record<TUserFormField, string>>;

/** Who edits what: a new user or an existing one; an admin sets access, anyone else only their own details. */
export type TUserFormMode = { isNew: boolean; canManageAccess: boolean };

export const PERSONAL_FIELDS = ['name', 'surname', 'user_name', 'cell_number', 'email'] as const;

const noFlags = (): TPermissionFlags => ({ read: false, create: false, update: false, delete: false });

/** Every flag of every area false (spec 1 §3). */
export const defaultPermissions = (): TPermissionGrid =>
  Object.fromEntries(FEATURE_AREAS.map((area) => [area, noFlags()])) as TPermissionGrid;

export const newUserValues = (): TUserFormValues => ({
  name: '',
  surname: '',
  user_name: '',
  cell_number: '',
  email: '',
  password: '',
  role: null,
  status: 'ACTIVE',
  manager_of: [],
  user_permissions: defaultPermissions(),
});

export const valuesOfUser = (user: TClientUser): TUserFormValues => ({
  name: user.name,
  surname: user.surname,
  user_name: user.user_name,
  cell_number: user.cell_number ?? '',
  email: user.email,
  password: '',
  role: user.role,
  status: user.status,
  manager_of: [...user.manager_of],
  user_permissions: Object.fromEntries(
    FEATURE_AREAS.map((area) => [area, { ...noFlags(), ...user.user_permissions[area] }]),
  ) as TPermissionGrid,
});

/** Changing the account type starts its branches and permissions afresh (spec 1 §4). */
export const withRole = (values: TUserFormValues, role: TStaffRole | null): TUserFormValues =>
  role === values.role ? values : { ...values, role, manager_of: [], user_permissions: defaultPermissions() };

/** Whether no feature is ticked for View: the sidebar then offers only the Dashboard (spec 1 §2.3). */
export const viewsNoFeature = (grid: TPermissionGrid) => Object.values(grid).every((flags) => !flags.read);

/** Whether the account type needs branches: area and branch managers work within theirs (spec 1 §6). */
export const needsBranches = (role: TStaffRole | null) => role !== null && isBranchScopedRole(role);

export const isSameValues = (a: TUserFormValues, b: TUserFormValues) =>
  JSON.stringify(a) === JSON.stringify(b);

export const personalOf = (values: TUserFormValues) => ({
  name: values.name,
  surname: values.surname,
  user_name: values.user_name,
  cell_number: values.cell_number,
  email: values.email,
});

export const accessOf = (values: TUserFormValues) => ({
  role: values.role ?? undefined,
  status: values.status,
  // An admin has every branch; only the branch-scoped roles keep a list.
  manager_of: needsBranches(values.role) ? values.manager_of : [],
  user_permissions: values.user_permissions,
});

export type TUserFormResult =
  | { ok: true; body: TCreateClientUserRequest | TUpdateClientUserRequest }
  | { ok: false; errors: TUserFormErrors };

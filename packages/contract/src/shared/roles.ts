import { z } from 'zod';

/** Console staff roles (spec 1 §6); the account type on the user page. */
export const ZStaffRole = z.enum(['ADMIN', 'AREA_MANAGER', 'BRANCH_MANAGER']);
export type TStaffRole = z.infer<typeof ZStaffRole>;
export const STAFF_ROLES = ZStaffRole.options;
export const STAFF_ROLE_LABELS: Record<TStaffRole, string> = {
  ADMIN: 'Admin',
  AREA_MANAGER: 'Area Manager',
  BRANCH_MANAGER: 'Branch Manager',
};

/** Client-level roles that also exist beside the staff roles. */
export const ZClientLevelRole = z.enum(['CLIENT', 'BRANCH']);
export type TClientLevelRole = z.infer<typeof ZClientLevelRole>;

export const ZRole = z.enum([...ZStaffRole.options, ...ZClientLevelRole.options]);
export type TRole = z.infer<typeof ZRole>;
export const ROLES = ZRole.options;

/** Roles limited to the branches in `manager_of`; they must have at least one. */
export const ZBranchScopedRole = ZStaffRole.exclude(['ADMIN']);
export type TBranchScopedRole = z.infer<typeof ZBranchScopedRole>;
export const BRANCH_SCOPED_ROLES = ZBranchScopedRole.options;

// A look-up in the list rather than a parse: in the browser the list needs no zod (see apps/web/build-tools).
export const isBranchScopedRole = (role: string): role is TBranchScopedRole =>
  (BRANCH_SCOPED_ROLES as readonly string[]).includes(role);

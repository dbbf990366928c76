import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from './principal';

/**
 * The branches a request may touch (spec 1 §6): ADMIN all (null means no filter) or those asked for;
 * everyone else only their `manager_of` branches, whatever the request asks for.
 */
export const branchScope = (principal: Principal, requested?: string[] | null): string[] | null => {
  if (principal.role === 'ADMIN') return requested && requested.length > 0 ? requested : null;
  if (!requested || requested.length === 0) return principal.managerOf;
  return requested.filter((id) => principal.managerOf.includes(id));
};

export const mayAccessBranch = (principal: Principal, branchId: string | null) =>
  principal.role === 'ADMIN' || (branchId !== null && principal.managerOf.includes(branchId));

/**
 * The branches a principal may touch as one statement parameter (`branches`) of a prepared hot write: ADMIN null
 * (every branch), anyone else their `manager_of` ids, comma-separated. `inScopeBranchSql` is its condition.
 */
export const branchesParam = (principal: Principal) =>
  principal.role === 'ADMIN' ? null : principal.managerOf.join(',');

/** True where `branchId` (a customer's member branch) is one the `branches` parameter allows. */
export const inScopeBranchSql = (branchId: SQL) =>
  sql`(${sql.placeholder('branches')}::text IS NULL OR ${branchId} = ANY (string_to_array(${sql.placeholder('branches')}::text, ',')))`;

import type { TBranch, ZBranchFilter, ZBranchRequest } from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { newId } from '../../db/ids';
import { branches } from '../../db/schema';
import { branchScope, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { branchColumns, toBranch } from './branch-dto';
import { findBranch, listBranchRows } from './branches.queries';

type BranchInput = z.output<typeof ZBranchRequest>;
type Filter = z.output<typeof ZBranchFilter>;

export const BRANCH_NOT_FOUND = 'The branch could not be found.';
const AUDITED = [
  'display_name',
  'branch_number',
  'email',
  'image_url',
  'registered_name',
  'registration_number',
  'vat_number',
  'vat_registered',
  'franchise',
  'offline',
  'contact_number',
  'address',
  'banking_details',
  'stock_replacement',
  'delivery_settings',
  'trading_times',
] as const satisfies (keyof TBranch)[];

export const createBranchesService = (ctx: AppContext) => {
  const { db } = ctx.database;

  const list = async (principal: Principal, filter: Filter) => {
    const { rows, count } = await listBranchRows(db, {
      clientId: principal.clientId,
      branchIds: branchScope(principal, filter.branch_id_list),
      search: filter.search_string,
      page: filter.page,
      size: filter.size,
    });
    return { branch_list: rows.map(toBranch), count };
  };

  const get = async (principal: Principal, id: string) => {
    const row = await findBranch(db, principal.clientId, id);
    if (!row || !mayAccessBranch(principal, row.id)) throw notFound(BRANCH_NOT_FOUND);
    return toBranch(row);
  };

  const create = async (actor: Actor, input: BranchInput) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(branches)
        .values({ id: newId(), clientId: actor.clientId, ...branchColumns(input) })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const branch = toBranch(row);
      await recordAudit(tx, actor, {
        action: 'branch.created',
        entity: 'branch',
        entityId: branch._id,
        summary: `Added branch ${branch.display_name}`,
        changes: diffFields(null, branch, [...AUDITED]),
      });
      return branch;
    });

  const update = async (actor: Actor, id: string, input: BranchInput) =>
    db.transaction(async (tx) => {
      const current = await findBranch(tx, actor.clientId, id);
      if (!current) throw notFound(BRANCH_NOT_FOUND);
      const [row] = await tx
        .update(branches)
        .set({ ...branchColumns(input), updatedAt: new Date() })
        .where(and(eq(branches.clientId, actor.clientId), eq(branches.id, id)))
        .returning();
      if (!row) throw notFound(BRANCH_NOT_FOUND);
      const branch = toBranch(row);
      await recordAudit(tx, actor, {
        action: 'branch.updated',
        entity: 'branch',
        entityId: id,
        summary: `Edited branch ${branch.display_name}`,
        changes: diffFields(toBranch(current), branch, [...AUDITED]),
      });
      return branch;
    });

  return { list, get, create, update };
};

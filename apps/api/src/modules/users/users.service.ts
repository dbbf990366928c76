import {
  API_ERROR_MESSAGES,
  STAFF_ROLE_LABELS,
  type TClientUser,
  USER_RULE_MESSAGES,
  type ZCreateClientUserRequest,
  type ZUpdateClientUserRequest,
  type ZUserListQuery,
} from '@laurel/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { clientUsers } from '../../db/schema';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { forgetSessions, revokeSessions } from '../auth/staff-sessions';
import { emailInUse } from '../clients/clients.queries';
import { auditedUser, toClientUser } from './user-dto';
import { existingBranchIds, findUser, listUsers, otherActiveAdmins } from './users.queries';

type CreateInput = z.output<typeof ZCreateClientUserRequest>;
type UpdateInput = z.output<typeof ZUpdateClientUserRequest>;
type ListQuery = z.output<typeof ZUserListQuery>;

const PRIVILEGED = ['role', 'status', 'manager_of', 'user_permissions'] as const;
const AUDITED_FIELDS = Object.keys(auditedUser({} as TClientUser)) as (keyof ReturnType<
  typeof auditedUser
>)[];

export const createUsersService = (ctx: AppContext) => {
  const { db } = ctx.database;

  const assertBranches = async (clientId: string, ids: string[]) => {
    const known = await existingBranchIds(db, clientId, ids);
    if (ids.some((id) => !known.has(id))) {
      throw badRequest([{ field: 'manager_of', message: USER_RULE_MESSAGES.unknownBranch }]);
    }
  };

  const list = async (principal: Principal, query: ListQuery) => {
    // Anyone but an admin sees only their own record.
    const userId = principal.role === 'ADMIN' ? query.user_id : principal.userId;
    const { rows, count } = await listUsers(db, {
      clientId: principal.clientId,
      page: query.page,
      size: query.size,
      ...(userId ? { userId } : {}),
      ...(query.search_string ? { search: query.search_string } : {}),
      ...(query.role ? { role: query.role } : {}),
      ...(query.status ? { status: query.status } : {}),
    });
    return {
      user_list: rows.map((row) => ({ ...toClientUser(row.user), mfa_enabled: row.mfaEnabled })),
      count,
    };
  };

  const create = async (actor: Actor, input: CreateInput) => {
    const email = input.email.toLowerCase();
    if (await emailInUse(db, email)) throw conflict(API_ERROR_MESSAGES.emailTaken);
    const managerOf = input.role === 'ADMIN' ? [] : input.manager_of;
    await assertBranches(actor.clientId, managerOf);
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clientUsers)
          .values({
            id: newId(),
            clientId: actor.clientId,
            name: input.name,
            surname: input.surname,
            userName: input.user_name,
            email,
            cellNumber: input.cell_number,
            passwordHash,
            role: input.role,
            status: input.status,
            managerOf,
            permissions: input.user_permissions,
            getCommunication: input.get_communication,
            agreesTermsAndConditions: input.agrees_terms_and_conditions,
          })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        const user = toClientUser(row);
        await recordAudit(tx, actor, {
          action: 'user.created',
          entity: 'user',
          entityId: user._id,
          summary: `Added user ${user.name} ${user.surname} (${STAFF_ROLE_LABELS[user.role]})`,
          changes: diffFields(null, auditedUser(user), AUDITED_FIELDS),
        });
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(API_ERROR_MESSAGES.emailTaken);
      throw error;
    }
  };

  const update = async (principal: Principal, actor: Actor, input: UpdateInput) => {
    const current = await findUser(db, principal.clientId, input.user_id);
    if (!current) throw notFound(USER_RULE_MESSAGES.notFound);
    const before = toClientUser(current);
    const isAdmin = principal.role === 'ADMIN';
    const isSelf = input.user_id === principal.userId;
    if (!isAdmin && !isSelf) throw forbidden(API_ERROR_MESSAGES.forbidden);
    if (!isAdmin) {
      const changesPrivileged = PRIVILEGED.some(
        (field) =>
          input[field] !== undefined && JSON.stringify(input[field]) !== JSON.stringify(before[field]),
      );
      if (changesPrivileged) throw forbidden(USER_RULE_MESSAGES.adminOnlyFields);
    }

    const role = input.role ?? before.role;
    const status = input.status ?? before.status;
    const losesAdmin =
      before.role === 'ADMIN' && before.status === 'ACTIVE' && (role !== 'ADMIN' || status !== 'ACTIVE');
    if (losesAdmin && isSelf) throw conflict(USER_RULE_MESSAGES.selfLockout);
    const managerOf = role === 'ADMIN' ? [] : (input.manager_of ?? before.manager_of);
    if (role !== 'ADMIN' && managerOf.length === 0) {
      throw badRequest([{ field: 'manager_of', message: 'manager of is required' }]);
    }
    await assertBranches(principal.clientId, managerOf);
    const email = input.email?.toLowerCase() ?? before.email;
    if (email !== before.email.toLowerCase() && (await emailInUse(db, email))) {
      throw conflict(API_ERROR_MESSAGES.emailTaken);
    }

    try {
      const updated = await db.transaction(async (tx) => {
        if (losesAdmin && (await otherActiveAdmins(tx, principal.clientId, input.user_id)) === 0) {
          throw conflict(USER_RULE_MESSAGES.lastAdmin);
        }
        const [row] = await tx
          .update(clientUsers)
          .set({
            name: input.name ?? before.name,
            surname: input.surname ?? before.surname,
            userName: input.user_name ?? before.user_name,
            email,
            cellNumber: input.cell_number ?? before.cell_number,
            role,
            status,
            managerOf,
            permissions: input.user_permissions ?? before.user_permissions,
            getCommunication: input.get_communication ?? before.get_communication,
            agreesTermsAndConditions: input.agrees_terms_and_conditions ?? before.agrees_terms_and_conditions,
            updatedAt: new Date(),
          })
          .where(eq(clientUsers.id, input.user_id))
          .returning();
        if (!row) throw notFound(USER_RULE_MESSAGES.notFound);
        // Deactivating ends every session for good: a later activation asks for a fresh sign-in, rather than
        // bringing back tokens issued before (they would otherwise work again until they expire).
        const revoked =
          before.status === 'ACTIVE' && status !== 'ACTIVE' ? await revokeSessions(tx, row.id, 'all') : [];
        const after = toClientUser(row);
        const changes = diffFields(auditedUser(before), auditedUser(after), AUDITED_FIELDS);
        const accessChanged = PRIVILEGED.some((field) => field in changes);
        await recordAudit(tx, actor, {
          action: accessChanged ? 'user.permissions_changed' : 'user.updated',
          entity: 'user',
          entityId: after._id,
          summary: accessChanged
            ? `Changed access of ${after.name} ${after.surname}`
            : `Edited user ${after.name} ${after.surname}`,
          changes,
        });
        return { after, revoked };
      });
      // Other processes hear of it from the database (auth-cache); this one at once.
      ctx.authCache.changed(`user:${input.user_id}`);
      forgetSessions(ctx, updated.revoked);
      return updated.after;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(API_ERROR_MESSAGES.emailTaken);
      throw error;
    }
  };

  return { list, create, update };
};

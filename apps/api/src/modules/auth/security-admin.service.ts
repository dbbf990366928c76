import { type TSecurityPolicy, TWO_FACTOR_MESSAGES, USER_RULE_MESSAGES } from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { clientSecuritySettings, clientUsers, staffMfa } from '../../db/schema';
import { notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { deleteRecoveryCodes } from './recovery-codes';
import { forgetSessions, revokeSessions } from './staff-sessions';
import { isMfaRequired } from './two-factor.queries';

/** What an admin does about other staff users' sign-in: the business policy, second-factor resets, sign-outs. */
export const createSecurityAdminService = (ctx: AppContext) => {
  const { db } = ctx.database;

  const userOfClient = async (actor: Actor, userId: string) => {
    const [user] = await db
      .select({ id: clientUsers.id, name: clientUsers.name, surname: clientUsers.surname })
      .from(clientUsers)
      .where(and(eq(clientUsers.id, userId), eq(clientUsers.clientId, actor.clientId)));
    if (!user) throw notFound(USER_RULE_MESSAGES.notFound);
    return user;
  };

  return {
    policy: async (clientId: string): Promise<TSecurityPolicy> => ({
      mfa_required: await isMfaRequired(db, clientId),
    }),

    setPolicy: async (actor: Actor, policy: TSecurityPolicy): Promise<TSecurityPolicy> => {
      await db.transaction(async (tx) => {
        const was = await isMfaRequired(tx, actor.clientId);
        await tx
          .insert(clientSecuritySettings)
          .values({ clientId: actor.clientId, mfaRequired: policy.mfa_required })
          .onConflictDoUpdate({
            target: clientSecuritySettings.clientId,
            set: { mfaRequired: policy.mfa_required, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: 'settings.security_policy',
          entity: 'settings',
          entityId: actor.clientId,
          summary: policy.mfa_required
            ? 'Required two-factor sign-in for every user'
            : 'Made two-factor sign-in optional',
          changes:
            was === policy.mfa_required ? null : { mfa_required: { from: was, to: policy.mfa_required } },
        });
      });
      return policy;
    },

    /** Removes the user's second factor and recovery codes: they sign in with the password (and enrol again). */
    resetSecondFactor: async (actor: Actor, userId: string) => {
      const user = await userOfClient(actor, userId);
      await db.transaction(async (tx) => {
        await tx.delete(staffMfa).where(eq(staffMfa.userId, user.id));
        await deleteRecoveryCodes(tx, user.id);
        await recordAudit(tx, actor, {
          action: 'users.mfa_reset',
          entity: 'user',
          entityId: user.id,
          summary: `Reset the two-factor sign-in of ${user.name} ${user.surname}`,
        });
      });
      return TWO_FACTOR_MESSAGES.reset;
    },

    signOutEverywhere: async (actor: Actor, userId: string) => {
      const user = await userOfClient(actor, userId);
      const revoked = await db.transaction(async (tx) => {
        const ids = await revokeSessions(tx, user.id, 'all');
        await recordAudit(tx, actor, {
          action: 'users.sessions_revoked',
          entity: 'user',
          entityId: user.id,
          summary: `Signed ${user.name} ${user.surname} out everywhere (${ids.length} sessions)`,
        });
        return ids;
      });
      forgetSessions(ctx, revoked);
      return revoked.length;
    },
  };
};

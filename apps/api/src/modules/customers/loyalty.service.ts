import {
  API_ERROR_MESSAGES,
  LOYALTY_RULE_MESSAGES,
  type TLoyalty,
  type ZLoyaltySignUpRequest,
  type ZLoyaltyUpdateRequest,
} from '@laurel/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { branches, customers, loyaltyAccounts } from '../../db/schema';
import { enqueueWebhooks } from '../../engine/webhooks/outbox';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { customerWebhook } from './customer-webhooks';
import type { CustomersService } from './customers.service';
import { businessToday } from './customers.service';

type SignUpInput = z.output<typeof ZLoyaltySignUpRequest>;
type UpdateInput = z.output<typeof ZLoyaltyUpdateRequest>;
type LoyaltyRow = typeof loyaltyAccounts.$inferSelect;

const toLoyalty = (row: LoyaltyRow, user: { name: string; surname: string }): TLoyalty => ({
  _id: row.id,
  loyalty_number: row.loyaltyNumber,
  card: { number: row.cardNumber ?? '', linked: row.cardLinked },
  member_date: row.memberDate,
  customer_id: row.customerId,
  member_branch_id: row.memberBranchId,
  user,
});

export const createLoyaltyService = (ctx: AppContext, customersService: CustomersService) => {
  const { db } = ctx.database;

  const findFor = async (db: DbOrTx, clientId: string, customerId: string) => {
    const [row] = await db
      .select()
      .from(loyaltyAccounts)
      .where(and(eq(loyaltyAccounts.clientId, clientId), eq(loyaltyAccounts.customerId, customerId)));
    return row ?? null;
  };

  /** Loyalty and card numbers are unique within the client; a card also may not be another customer's member card. */
  const assertNumbersFree = async (
    clientId: string,
    customerId: string,
    loyaltyNumber: string,
    cardNumber: string,
  ) => {
    const [loyaltyTaken] = await db
      .select({ id: loyaltyAccounts.id })
      .from(loyaltyAccounts)
      .where(
        and(
          eq(loyaltyAccounts.clientId, clientId),
          eq(loyaltyAccounts.loyaltyNumber, loyaltyNumber),
          ne(loyaltyAccounts.customerId, customerId),
        ),
      );
    if (loyaltyTaken) throw conflict(LOYALTY_RULE_MESSAGES.loyaltyNumberTaken);
    const [cardTaken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.clientId, clientId),
          eq(customers.memberCardNumber, cardNumber),
          ne(customers.id, customerId),
        ),
      );
    if (cardTaken) throw conflict(API_ERROR_MESSAGES.customerCardNumberTaken);
  };

  const assertBranch = async (principal: Principal, branchId: string | null) => {
    if (!branchId) return;
    if (!mayAccessBranch(principal, branchId)) throw forbidden('You can only use the branches you manage.');
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, principal.clientId), eq(branches.id, branchId)));
    if (!branch)
      throw badRequest([{ field: 'member_branch_id', message: 'The selected branch does not exist.' }]);
  };

  const uniqueFailure = (error: unknown) => {
    // A concurrent sign-up took the number between the check and the insert.
    if (isUniqueViolation(error))
      return conflict('A customer with this loyalty number or card number already exists.');
    return error;
  };

  const get = async (principal: Principal, customerId: string) => {
    const { customer } = await customersService.load(principal, customerId);
    const row = await findFor(db, principal.clientId, customerId);
    return row ? toLoyalty(row, customer) : null;
  };

  /** Signing up makes a customer awaiting sign-up ACTIVE and gives them the card as member card. */
  const signUp = async (principal: Principal, actor: Actor, input: SignUpInput) => {
    const { customer } = await customersService.loadForChange(principal, input.customer_id);
    if (await findFor(db, principal.clientId, customer.id))
      throw conflict(LOYALTY_RULE_MESSAGES.alreadySignedUp);
    const branchId = input.member_branch_id || customer.memberBranchId || null;
    await assertBranch(principal, input.member_branch_id || null);
    await assertNumbersFree(principal.clientId, customer.id, input.loyalty_number, input.member_card_number);
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(loyaltyAccounts)
          .values({
            id: newId(),
            clientId: principal.clientId,
            customerId: customer.id,
            loyaltyNumber: input.loyalty_number,
            cardNumber: input.member_card_number,
            cardLinked: input.linked,
            memberDate: input.member_date ?? (await businessToday(tx, principal.clientId)),
            memberBranchId: branchId,
          })
          .returning();
        const [after] = await tx
          .update(customers)
          .set({
            memberCardNumber: input.member_card_number,
            memberBranchId: branchId,
            loyaltySignUp: true,
            status: customer.status === 'AWAITING-SIGNUP' ? 'ACTIVE' : customer.status,
            updatedAt: new Date(),
          })
          .where(eq(customers.id, customer.id))
          .returning();
        // Receivers hear of the loyalty number, and of the status and branch where the sign-up changed them.
        const changed = [
          ...(after && after.status !== customer.status ? ['status'] : []),
          ...(after && after.memberBranchId !== customer.memberBranchId ? ['branch_id'] : []),
          'loyalty_number',
        ];
        if (after) await enqueueWebhooks(tx, [customerWebhook('customer.updated', after, changed)]);
        await recordAudit(tx, actor, {
          action: 'customer.loyalty_signed_up',
          entity: 'customer',
          entityId: customer.id,
          summary: `Signed ${customer.name} ${customer.surname} up for loyalty`,
        });
        return created;
      });
      if (!row) throw new Error('insert returned nothing');
      return toLoyalty(row, customer);
    } catch (error) {
      throw uniqueFailure(error);
    }
  };

  const update = async (principal: Principal, actor: Actor, input: UpdateInput) => {
    const { customer } = await customersService.loadForChange(principal, input.customer_id);
    const current = await findFor(db, principal.clientId, customer.id);
    if (!current || current.id !== input._id) throw notFound(LOYALTY_RULE_MESSAGES.notFound);
    // Only a branch being given is checked: the record's own may predate a move of the customer to the user's branch
    // (the customer is in the user's scope already, loadForChange saw to it).
    if ((input.member_branch_id || null) !== current.memberBranchId)
      await assertBranch(principal, input.member_branch_id || null);
    await assertNumbersFree(principal.clientId, customer.id, input.loyalty_number, input.member_card_number);
    try {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(loyaltyAccounts)
          .set({
            loyaltyNumber: input.loyalty_number,
            cardNumber: input.member_card_number,
            cardLinked: input.linked,
            memberBranchId: input.member_branch_id || current.memberBranchId,
            updatedAt: new Date(),
          })
          .where(eq(loyaltyAccounts.id, current.id))
          .returning();
        await tx
          .update(customers)
          .set({ memberCardNumber: input.member_card_number, updatedAt: new Date() })
          .where(eq(customers.id, customer.id));
        await recordAudit(tx, actor, {
          action: 'customer.loyalty_updated',
          entity: 'customer',
          entityId: customer.id,
          summary: `Edited loyalty details of ${customer.name} ${customer.surname}`,
          changes: {
            ...(current.loyaltyNumber !== input.loyalty_number
              ? { loyalty_number: { from: current.loyaltyNumber, to: input.loyalty_number } }
              : {}),
            ...(current.cardNumber !== input.member_card_number
              ? { card_number: { from: current.cardNumber, to: input.member_card_number } }
              : {}),
          },
        });
        return updated;
      });
      if (!row) throw notFound(LOYALTY_RULE_MESSAGES.notFound);
      return toLoyalty(row, customer);
    } catch (error) {
      throw uniqueFailure(error);
    }
  };

  return { get, signUp, update };
};

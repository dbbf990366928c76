import {
  CUSTOMER_API_MESSAGES,
  CUSTOMER_MESSAGES,
  LOYALTY_RULE_MESSAGES,
  normaliseCellNumber,
  type TCustomerLookupQuery,
  type TIntegratorCustomer,
  type ZEnrolCustomerRequest,
  type ZPatchCustomerRequest,
} from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { branches, customers, loyaltyAccounts } from '../../db/schema';
import { mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import type { CustomerRow } from './customer-dto';
import { takenIdentifiers } from './customers.queries';
import { type CustomersService, normaliseEmail, TAKEN_MESSAGES, today } from './customers.service';
import { customerIdBy, loyaltyNumberOwner, loyaltyRecordOf } from './integrator-customers.queries';

type Fields = z.output<typeof ZPatchCustomerRequest>;
type EnrolInput = z.output<typeof ZEnrolCustomerRequest>;

const AUDITED_FIELDS = [
  'name',
  'surname',
  'email',
  'cellNumber',
  'birthday',
  'memberBranchId',
  'getCommunication',
  'externalId',
] as const;

/** Another customer's email, cell, loyalty number or external id is a conflict; the customer's own is not. */
const assertFree = async (
  db: DbOrTx,
  clientId: string,
  values: {
    email: string | null;
    cellNumber: string | null;
    externalId: string | null;
    loyaltyNumber?: string;
  },
  exceptId?: string,
) => {
  const [taken] = await takenIdentifiers(db, clientId, { ...values, cardNumber: null }, exceptId);
  if (taken) throw conflict(TAKEN_MESSAGES[taken]);
  if (values.externalId) {
    const owner = await customerIdBy(db, clientId, { external_id: values.externalId });
    if (owner && owner !== exceptId) throw conflict(CUSTOMER_API_MESSAGES.externalIdTaken);
  }
  if (values.loyaltyNumber) {
    const owner = await loyaltyNumberOwner(db, clientId, values.loyaltyNumber);
    if (owner && owner !== exceptId) throw conflict(LOYALTY_RULE_MESSAGES.loyaltyNumberTaken);
  }
};

/** A check passed but a concurrent write took the value before the insert or update did. */
const uniqueAsConflict = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict(
        'A customer with this email address, cell number, loyalty number or external_id already exists.',
      )
    : error;

/**
 * The integrator's customers (DESIGN §10): enrol or update by the client's own id (else email), read, find by a
 * key, and change. Audited like the console's writes; the console's validation messages apply.
 */
export const createIntegratorCustomersService = (ctx: AppContext, customersService: CustomersService) => {
  const { db } = ctx.database;

  const read = async (principal: Principal, id: string): Promise<TIntegratorCustomer> => {
    const customer = await customersService.get(principal, id);
    const loyalty = await loyaltyRecordOf(db, principal.clientId, id);
    return { ...customer, loyalty_number: loyalty?.loyaltyNumber ?? null };
  };

  const find = async (principal: Principal, key: TCustomerLookupQuery) => {
    const id = await customerIdBy(db, principal.clientId, key);
    if (!id) throw notFound(CUSTOMER_MESSAGES.notFound);
    return read(principal, id);
  };

  const branchFor = async (principal: Principal, branchId: string | null) => {
    if (!branchId) return null;
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, principal.clientId), eq(branches.id, branchId)));
    if (!branch || !mayAccessBranch(principal, branchId))
      throw badRequest([{ field: 'branch_id', message: CUSTOMER_MESSAGES.unknownBranch }]);
    return branchId;
  };

  /** Gives the customer the loyalty number: a new record (no physical card yet) or the number changed. */
  const setLoyaltyNumber = async (tx: DbOrTx, customer: CustomerRow, loyaltyNumber: string) => {
    const current = await loyaltyRecordOf(tx, customer.clientId, customer.id);
    if (current) {
      await tx
        .update(loyaltyAccounts)
        .set({ loyaltyNumber, updatedAt: new Date() })
        .where(eq(loyaltyAccounts.id, current.id));
      return;
    }
    await tx.insert(loyaltyAccounts).values({
      id: newId(),
      clientId: customer.clientId,
      customerId: customer.id,
      loyaltyNumber,
      cardNumber: loyaltyNumber,
      cardLinked: false,
      memberDate: today(),
      memberBranchId: customer.memberBranchId,
    });
    // Signing up makes a customer awaiting sign-up active, as the console's loyalty sign-up does.
    if (customer.status === 'AWAITING-SIGNUP')
      await tx.update(customers).set({ status: 'ACTIVE' }).where(eq(customers.id, customer.id));
  };

  const create = async (principal: Principal, actor: Actor, input: EnrolInput) => {
    const email = normaliseEmail(input.email);
    const cellNumber = input.cell_number ? normaliseCellNumber(input.cell_number) : null;
    const externalId = input.external_id ?? null;
    const memberBranchId = await branchFor(principal, input.branch_id ?? null);
    await assertFree(db, principal.clientId, {
      email,
      cellNumber,
      externalId,
      ...(input.loyalty_number ? { loyaltyNumber: input.loyalty_number } : {}),
    });
    const id = newId();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
          id,
          clientId: principal.clientId,
          externalId,
          name: input.name,
          surname: input.surname,
          email,
          cellNumber,
          status: 'AWAITING-SIGNUP',
          birthday: input.birthday || null,
          memberDate: today(),
          getCommunication: input.marketing_consent ?? false,
          memberBranchId,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      if (input.loyalty_number) await setLoyaltyNumber(tx, row, input.loyalty_number);
      await recordAudit(tx, actor, {
        action: 'customer.created',
        entity: 'customer',
        entityId: id,
        summary: `Enrolled customer ${row.name} ${row.surname} over the API`,
      });
    });
    return read(principal, id);
  };

  /** Changes the fields given; a request that changes nothing writes nothing (a repeat is harmless). */
  const change = async (principal: Principal, actor: Actor, id: string, input: Fields) => {
    const { customer: before } = await customersService.load(principal, id);
    const after: CustomerRow = {
      ...before,
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.surname !== undefined ? { surname: input.surname } : {}),
      ...(input.email !== undefined ? { email: normaliseEmail(input.email) } : {}),
      ...(input.cell_number !== undefined ? { cellNumber: normaliseCellNumber(input.cell_number) } : {}),
      ...(input.birthday !== undefined ? { birthday: input.birthday || null } : {}),
      ...(input.branch_id !== undefined
        ? { memberBranchId: await branchFor(principal, input.branch_id) }
        : {}),
      ...(input.marketing_consent !== undefined ? { getCommunication: input.marketing_consent } : {}),
      ...(input.external_id !== undefined ? { externalId: input.external_id } : {}),
    };
    const changes = diffFields(before, after, [...AUDITED_FIELDS]);
    const loyalty = await loyaltyRecordOf(db, principal.clientId, id);
    const newLoyaltyNumber =
      input.loyalty_number !== undefined && input.loyalty_number !== loyalty?.loyaltyNumber
        ? input.loyalty_number
        : null;
    if (Object.keys(changes).length === 0 && !newLoyaltyNumber) return read(principal, id);
    await assertFree(
      db,
      principal.clientId,
      {
        email: after.email,
        cellNumber: after.cellNumber,
        externalId: after.externalId,
        ...(newLoyaltyNumber ? { loyaltyNumber: newLoyaltyNumber } : {}),
      },
      id,
    );
    await db.transaction(async (tx) => {
      const { name, surname, email, cellNumber, birthday, memberBranchId, getCommunication, externalId } =
        after;
      await tx
        .update(customers)
        .set({
          ...{ name, surname, email, cellNumber, birthday, memberBranchId, getCommunication, externalId },
          updatedAt: new Date(),
        })
        .where(and(eq(customers.clientId, principal.clientId), eq(customers.id, id)));
      if (newLoyaltyNumber) await setLoyaltyNumber(tx, after, newLoyaltyNumber);
      await recordAudit(tx, actor, {
        action: 'customer.updated',
        entity: 'customer',
        entityId: id,
        summary: `Edited customer ${after.name} ${after.surname} over the API`,
        changes: {
          ...changes,
          ...(newLoyaltyNumber
            ? { loyalty_number: { from: loyalty?.loyaltyNumber ?? null, to: newLoyaltyNumber } }
            : {}),
        },
      });
    });
    return read(principal, id);
  };

  /**
   * By external_id, else email: the customer found is updated (200), else a new one is enrolled (201). A
   * suspended customer is refused (409): an integrator's sign-up flow must not quietly undo a suspension.
   */
  const enrol = async (principal: Principal, actor: Actor, input: EnrolInput) => {
    const key: TCustomerLookupQuery =
      input.external_id !== undefined
        ? { external_id: input.external_id }
        : { email: normaliseEmail(input.email) ?? '' };
    const existing = async () => {
      const id = await customerIdBy(db, principal.clientId, key);
      if (!id) return null;
      const { customer } = await customersService.load(principal, id);
      if (customer.status === 'SUSPENDED') throw conflict(CUSTOMER_API_MESSAGES.suspended);
      return { created: false, customer: await change(principal, actor, id, input) };
    };
    const found = await existing();
    if (found) return found;
    try {
      return { created: true, customer: await create(principal, actor, input) };
    } catch (error) {
      // A concurrent enrolment with the same key created the customer first (its email or cell then reads as
      // taken, or the insert meets the unique index): this one updates that customer instead.
      const racing = isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409);
      const updated = racing ? await existing() : null;
      if (updated) return updated;
      throw uniqueAsConflict(error);
    }
  };

  const patch = async (principal: Principal, actor: Actor, id: string, input: Fields) => {
    try {
      return await change(principal, actor, id, input);
    } catch (error) {
      throw uniqueAsConflict(error);
    }
  };

  return { read, find, enrol, patch };
};

import {
  CUSTOMER_API_MESSAGES,
  CUSTOMER_MESSAGES,
  LOYALTY_RULE_MESSAGES,
  normaliseCellNumber,
  PRIVACY_MESSAGES,
  type TCustomerLookupQuery,
  type TIntegratorCustomer,
  type ZEnrolCustomerRequest,
  type ZPatchCustomerRequest,
} from '@laurel/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { customers } from '../../db/schema';
import { enqueueWebhooks } from '../../engine/webhooks/outbox';
import { authorize } from '../../http/auth/guard';
import type { Principal } from '../../http/auth/principal';
import { conflict, HttpError, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import type { CustomerRow } from './customer-dto';
import { customerIdByRef, customerRefCondition } from './customer-ref.queries';
import { apiFieldNames, customerWebhook } from './customer-webhooks';
import { businessToday, type CustomersService, normaliseEmail } from './customers.service';
import { loyaltyRecordOf, setLoyaltyNumber } from './integrator-customers.queries';

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

/** A check passed but a concurrent write took the value before the insert or update did. */
const uniqueAsConflict = (error: unknown) =>
  isUniqueViolation(error)
    ? conflict(
        'A customer with this email address, cell number, loyalty number or external_id already exists.',
      )
    : error;

/** A conflict or unique violation that a concurrent enrolment of the same customer may have caused. */
const mayBeRace = (error: unknown) =>
  isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409);

/**
 * The integrator's customers (DESIGN §10): enrol or update by the client's own id (else email), read, find by a
 * key, and change. The console's checks (branch scope, taken identifiers), insert and messages apply.
 */
export const createIntegratorCustomersService = (ctx: AppContext, customersService: CustomersService) => {
  const { db } = ctx.database;

  const read = async (principal: Principal, id: string): Promise<TIntegratorCustomer> => {
    const customer = await customersService.get(principal, id);
    const loyalty = await loyaltyRecordOf(db, principal.clientId, id);
    return {
      ...customer,
      loyalty_number: loyalty?.loyaltyNumber ?? null,
      marketing_consent: customer.get_communication,
    };
  };

  const find = async (principal: Principal, key: TCustomerLookupQuery) => {
    const id = await customerIdByRef(db, principal.clientId, key);
    if (!id) throw notFound(CUSTOMER_MESSAGES.notFound);
    return read(principal, id);
  };

  /** The console's checks, and another customer's external id or loyalty number is a conflict too. */
  const assertFree = async (
    clientId: string,
    values: { email: string | null; cellNumber: string | null; externalId: string | null },
    loyaltyNumber: string | null,
    exceptId?: string,
  ) => {
    const { email, cellNumber, externalId } = values;
    await customersService.assertFree(clientId, { email, cellNumber, cardNumber: null }, exceptId);
    const owner = async (ref: { external_id: string } | { loyalty_number: string }) => {
      const id = await customerIdByRef(db, clientId, ref);
      return id !== null && id !== exceptId;
    };
    if (externalId && (await owner({ external_id: externalId })))
      throw conflict(CUSTOMER_API_MESSAGES.externalIdTaken);
    if (loyaltyNumber && (await owner({ loyalty_number: loyaltyNumber })))
      throw conflict(LOYALTY_RULE_MESSAGES.loyaltyNumberTaken);
  };

  const create = async (principal: Principal, actor: Actor, input: EnrolInput) => {
    const email = normaliseEmail(input.email);
    const cellNumber = input.cell_number ? normaliseCellNumber(input.cell_number) : null;
    const externalId = input.external_id ?? null;
    const loyaltyNumber = input.loyalty_number ?? null;
    const memberBranchId = await customersService.memberBranchFor(
      principal,
      input.branch_id ?? null,
      'branch_id',
    );
    await assertFree(principal.clientId, { email, cellNumber, externalId }, loyaltyNumber);
    const row = await customersService.insert(
      actor,
      {
        clientId: principal.clientId,
        externalId,
        name: input.name,
        surname: input.surname,
        email,
        cellNumber,
        birthday: input.birthday || null,
        memberDate: await businessToday(db, principal.clientId),
        getCommunication: input.marketing_consent ?? false,
        memberBranchId,
      },
      (created) => `Enrolled customer ${created.name} ${created.surname} over the API`,
      loyaltyNumber
        ? async (tx, created) => {
            const { activated } = await setLoyaltyNumber(tx, created, loyaltyNumber);
            return activated ? { ...created, status: 'ACTIVE' } : created;
          }
        : undefined,
    );
    return read(principal, row.id);
  };

  /**
   * Writes only the fields given that differ (a concurrent change to another field stands); a request that
   * changes nothing writes nothing, so a repeat is harmless.
   */
  const change = async (principal: Principal, actor: Actor, id: string, input: Fields) => {
    const { customer: before } = await customersService.loadForChange(principal, id);
    const given: Partial<CustomerRow> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.surname !== undefined ? { surname: input.surname } : {}),
      ...(input.email !== undefined ? { email: normaliseEmail(input.email) } : {}),
      ...(input.cell_number !== undefined ? { cellNumber: normaliseCellNumber(input.cell_number) } : {}),
      ...(input.birthday !== undefined ? { birthday: input.birthday || null } : {}),
      ...(input.branch_id !== undefined
        ? { memberBranchId: await customersService.memberBranchFor(principal, input.branch_id, 'branch_id') }
        : {}),
      ...(input.marketing_consent !== undefined ? { getCommunication: input.marketing_consent } : {}),
      ...(input.external_id !== undefined ? { externalId: input.external_id } : {}),
    };
    const after: CustomerRow = { ...before, ...given };
    const changes = diffFields(before, after, [...AUDITED_FIELDS]);
    const set = Object.fromEntries(
      Object.entries(given).filter(([field]) => field in changes),
    ) as Partial<CustomerRow>;
    const loyalty = await loyaltyRecordOf(db, principal.clientId, id);
    const newLoyaltyNumber =
      input.loyalty_number !== undefined && input.loyalty_number !== loyalty?.loyaltyNumber
        ? input.loyalty_number
        : null;
    if (Object.keys(changes).length === 0 && !newLoyaltyNumber) return read(principal, id);
    await assertFree(
      principal.clientId,
      { email: after.email, cellNumber: after.cellNumber, externalId: after.externalId },
      newLoyaltyNumber,
      id,
    );
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(customers)
        .set({ ...set, updatedAt: new Date() })
        // An erasure that committed since `before` was read is final: nothing is written back onto the record.
        .where(
          and(
            eq(customers.clientId, principal.clientId),
            eq(customers.id, id),
            ne(customers.status, 'ERASED'),
          ),
        )
        .returning();
      if (!row) throw conflict(PRIVACY_MESSAGES.alreadyErased);
      const { activated } = newLoyaltyNumber
        ? await setLoyaltyNumber(tx, after, newLoyaltyNumber)
        : { activated: false };
      const changed = [
        ...apiFieldNames(Object.keys(changes)),
        ...(newLoyaltyNumber ? ['loyalty_number'] : []),
        ...(activated ? ['status'] : []),
      ];
      if (row) {
        const now = activated ? { ...row, status: 'ACTIVE' } : row;
        await enqueueWebhooks(tx, [customerWebhook('customer.updated', now, changed)]);
      }
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
   * The customer an enrolment names: by external_id, else email. An external_id new to the client attaches to
   * the customer holding the email when that one has none yet (added in the console): the integrator is linking
   * an existing member. A holder with another external_id is not this customer (the insert then meets 409).
   */
  const enrolmentTarget = async (clientId: string, input: EnrolInput) => {
    const email = normaliseEmail(input.email);
    if (input.external_id === undefined) return email ? customerIdByRef(db, clientId, { email }) : null;
    const byExternalId = await customerIdByRef(db, clientId, { external_id: input.external_id });
    if (byExternalId || !email) return byExternalId;
    const [holder] = await db
      .select({ id: customers.id, externalId: customers.externalId })
      .from(customers)
      .where(customerRefCondition(clientId, { email }));
    return holder && holder.externalId === null ? holder.id : null;
  };

  /**
   * Updating through an enrolment needs CUSTOMERS:update, as PATCH does. A suspended customer is refused (409):
   * an integrator's sign-up flow must not quietly undo a suspension.
   */
  const update = async (principal: Principal, actor: Actor, id: string, input: EnrolInput) => {
    authorize(principal, 'CUSTOMERS:update');
    const { customer } = await customersService.loadForChange(principal, id);
    if (customer.status === 'SUSPENDED') throw conflict(CUSTOMER_API_MESSAGES.suspended);
    return { created: false, customer: await change(principal, actor, id, input) };
  };

  /** The customer found is updated (200), else a new one is enrolled (201). */
  const enrol = async (principal: Principal, actor: Actor, input: EnrolInput) => {
    try {
      const target = await enrolmentTarget(principal.clientId, input);
      if (target) return await update(principal, actor, target, input);
      try {
        return { created: true, customer: await create(principal, actor, input) };
      } catch (error) {
        // A concurrent enrolment with the same key created the customer first (its email or cell then reads as
        // taken, or the insert meets the unique index): this one updates that customer instead.
        const winner = mayBeRace(error) ? await enrolmentTarget(principal.clientId, input) : null;
        if (winner) return await update(principal, actor, winner, input);
        throw error;
      }
    } catch (error) {
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

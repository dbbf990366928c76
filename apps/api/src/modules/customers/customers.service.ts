import {
  ADD_CUSTOMER_MESSAGES,
  API_ERROR_MESSAGES,
  CUSTOMER_MESSAGES,
  GUEST_EMAIL,
  normaliseCellNumber,
  PRIVACY_MESSAGES,
  type TCustomer,
  type ZAddCustomerRequest,
  type ZCustomerListQuery,
  type ZUpdateCustomerRequest,
} from '@laurel/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { zoneForDays } from '../../db/filters';
import { newId } from '../../db/ids';
import { recentResults } from '../../db/recent-results';
import { branches, customers } from '../../db/schema';
import { removeFromAllSegments } from '../../engine';
import { enqueueWebhooks } from '../../engine/webhooks/outbox';
import { branchScope, mayAccessBranch } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { localDate } from '../../local-time';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { clientTimeZone } from '../statistics/statistics.queries';
import { type CustomerRow, toCustomer, toCustomerListItem } from './customer-dto';
import { apiFieldNames, customerWebhook } from './customer-webhooks';
import {
  type CustomerFilter,
  findCustomer,
  listCustomerRows,
  RECENT_COUNT_FLOOR,
  takenIdentifiers,
} from './customers.queries';

type AddInput = z.output<typeof ZAddCustomerRequest>;
type UpdateInput = z.output<typeof ZUpdateCustomerRequest>;
type ListQuery = z.output<typeof ZCustomerListQuery>;

export const TAKEN_MESSAGES = {
  email: API_ERROR_MESSAGES.customerEmailTaken,
  cell_number: API_ERROR_MESSAGES.customerCellNumberTaken,
  member_card_number: API_ERROR_MESSAGES.customerCardNumberTaken,
} as const;

/** The guest address the console sends for "no email" is no email (DESIGN §9). */
export const normaliseEmail = (email: string | null | undefined) => {
  const trimmed = email?.trim() ?? '';
  return trimmed === '' || trimmed.toLowerCase() === GUEST_EMAIL ? null : trimmed;
};

/** Today in the business's time zone: a member joins on its day, not UTC's (spec 1: member_date is today). */
export const today = (timeZone = 'UTC') => localDate(new Date(), timeZone);

/** `today` for a client, its zone read from its record. */
export const businessToday = async (db: DbOrTx, clientId: string) =>
  today(await clientTimeZone(db, clientId));

export const customerFilter = (
  principal: Principal,
  query: Omit<ListQuery, 'page' | 'size'>,
): CustomerFilter => ({
  clientId: principal.clientId,
  branchIds: branchScope(principal, query.branch_id_list),
  status: query.status,
  startDate: query.start_date,
  endDate: query.end_date,
  search: query.search_string,
});

export const createCustomersService = (ctx: AppContext) => {
  const { db } = ctx.database;

  /** The customer if the principal may see it; another client's or branch's customer is simply not found. */
  const load = async (principal: Principal, id: string) => {
    const found = await findCustomer(db, principal.clientId, id);
    if (!found || !mayAccessBranch(principal, found.customer.memberBranchId))
      throw notFound(CUSTOMER_MESSAGES.notFound);
    return found;
  };

  /** As `load`, for a change: an erased customer (privacy) is final, nothing may write to them again. */
  const loadForChange = async (principal: Principal, id: string) => {
    const found = await load(principal, id);
    if (found.customer.status === 'ERASED') throw conflict(PRIVACY_MESSAGES.alreadyErased);
    return found;
  };

  const dto = (found: { customer: CustomerRow; branchName: string | null }): TCustomer =>
    toCustomer(
      found.customer,
      found.customer.memberBranchId && found.branchName
        ? { id: found.customer.memberBranchId, displayName: found.branchName }
        : null,
    );

  const assertFree = async (
    clientId: string,
    values: { email: string | null; cellNumber: string | null; cardNumber: string | null },
    exceptId?: string,
  ) => {
    const [taken] = await takenIdentifiers(db, clientId, values, exceptId);
    if (taken) throw conflict(TAKEN_MESSAGES[taken]);
  };

  /** Spec 1 §6: area managers must choose one of their branches; branch managers use their first. */
  const memberBranchFor = async (
    principal: Principal,
    requested: string | null,
    field = 'member_branch_id',
  ) => {
    let branchId = requested;
    if (principal.role === 'BRANCH_MANAGER' && !branchId) branchId = principal.managerOf[0] ?? null;
    if (principal.role === 'AREA_MANAGER' && !branchId) {
      throw badRequest([{ field, message: ADD_CUSTOMER_MESSAGES.branchRequired }]);
    }
    if (!branchId) return null;
    if (!mayAccessBranch(principal, branchId)) throw forbidden(CUSTOMER_MESSAGES.branchNotManaged);
    const [branch] = await db
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.clientId, principal.clientId), eq(branches.id, branchId)));
    if (!branch) throw badRequest([{ field, message: CUSTOMER_MESSAGES.unknownBranch }]);
    return branchId;
  };

  // A list of thousands may show a count up to a second old; a smaller one is always counted afresh.
  const recentCounts = recentResults<number>({ maxAgeMs: 1_000, keep: (n) => n >= RECENT_COUNT_FLOOR });
  const list = async (principal: Principal, query: ListQuery) => {
    const filter = customerFilter(principal, query);
    filter.timeZone = await zoneForDays(db, principal.clientId, filter.startDate, filter.endDate);
    const { rows, count, capped } = await listCustomerRows(db, filter, query.page, query.size, recentCounts);
    return { user_list: rows.map(toCustomerListItem), count, count_capped: capped };
  };

  /**
   * Inserts a customer awaiting sign-up and audits it; `then` runs in the same transaction (the integrator's
   * loyalty number). Checks are the caller's (memberBranchFor, assertFree); a unique violation is theirs too.
   */
  const insert = (
    actor: Actor,
    values: Omit<typeof customers.$inferInsert, 'id' | 'status'>,
    summary: (row: CustomerRow) => string,
    /** More of the enrolment in the same transaction (a loyalty number); answers the row as it then stands. */
    then?: (tx: DbOrTx, row: CustomerRow) => Promise<CustomerRow>,
  ) =>
    db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(customers)
        .values({ ...values, id: newId(), status: 'AWAITING-SIGNUP' })
        .returning();
      if (!inserted) throw new Error('insert returned nothing');
      const row = then ? await then(tx, inserted) : inserted;
      await enqueueWebhooks(tx, [customerWebhook('customer.created', row)]);
      await recordAudit(tx, actor, {
        action: 'customer.created',
        entity: 'customer',
        entityId: row.id,
        summary: summary(row),
      });
      return row;
    });

  const add = async (principal: Principal, actor: Actor, input: AddInput) => {
    const email = normaliseEmail(input.email);
    const cellNumber = normaliseCellNumber(input.cell_number);
    const cardNumber = input.member_card_number?.trim() || null;
    const memberBranchId = await memberBranchFor(principal, input.member_branch_id || null);
    await assertFree(principal.clientId, { email, cellNumber, cardNumber });
    try {
      const row = await insert(
        actor,
        {
          clientId: principal.clientId,
          name: input.name,
          surname: input.surname,
          email,
          cellNumber,
          gender: input.gender || 'N/A',
          memberCardNumber: cardNumber,
          birthday: input.birthday || null,
          memberDate: input.member_date ?? (await businessToday(db, principal.clientId)),
          loyaltySignUp: input.loyalty_sign_up,
          getCommunication: input.get_communication,
          agreesTermsAndConditions: input.agrees_terms_and_conditions,
          communicationMethod: input.communication_method,
          memberBranchId,
        },
        (row) => `Added customer ${row.name} ${row.surname}`,
      );
      return { _id: row.id };
    } catch (error) {
      // A concurrent add took the same email, cell or card between the check and the insert.
      if (isUniqueViolation(error))
        throw conflict('A customer with this email address, cell number or card number already exists.');
      throw error;
    }
  };

  const get = async (principal: Principal, id: string) => dto(await load(principal, id));

  const update = async (principal: Principal, actor: Actor, input: UpdateInput) => {
    const before = await loadForChange(principal, input._id);
    const email = input.email === undefined ? before.customer.email : normaliseEmail(input.email);
    const cellNumber =
      input.cell_number === undefined ? before.customer.cellNumber : normaliseCellNumber(input.cell_number);
    await assertFree(principal.clientId, { email, cellNumber, cardNumber: null }, input._id);
    const changes = {
      name: input.name ?? before.customer.name,
      surname: input.surname ?? before.customer.surname,
      email,
      cellNumber,
      birthday: input.birthday === undefined ? before.customer.birthday : input.birthday || null,
    };
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(customers)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(customers.clientId, principal.clientId), eq(customers.id, input._id)))
          .returning();
        const changed = diffFields(before.customer, { ...before.customer, ...changes }, [
          'name',
          'surname',
          'email',
          'cellNumber',
          'birthday',
        ]);
        await recordAudit(tx, actor, {
          action: 'customer.updated',
          entity: 'customer',
          entityId: input._id,
          summary: `Edited customer ${changes.name} ${changes.surname}`,
          changes: changed,
        });
        const fields = apiFieldNames(Object.keys(changed));
        if (row && fields.length > 0)
          await enqueueWebhooks(tx, [customerWebhook('customer.updated', row, fields)]);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw conflict('A customer with this email address or cell number already exists.');
      throw error;
    }
    return get(principal, input._id);
  };

  const setSuspended = async (principal: Principal, actor: Actor, id: string, suspended: boolean) => {
    const found = await loadForChange(principal, id);
    const current = found.customer.status;
    if (suspended && current === 'SUSPENDED') throw new HttpError(409, 'This customer is already suspended.');
    if (!suspended && current !== 'SUSPENDED') throw new HttpError(409, 'This customer is not suspended.');
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(customers)
        .set({ status: suspended ? 'SUSPENDED' : 'ACTIVE', updatedAt: new Date() })
        .where(and(eq(customers.clientId, principal.clientId), eq(customers.id, id)))
        .returning();
      // The status is part of the member a receiver holds (customer.updated shows it), so it hears of the change.
      if (row) await enqueueWebhooks(tx, [customerWebhook('customer.updated', row, ['status'])]);
      // Suspended customers are in no segment (DESIGN §5); they rejoin with their next event after activation.
      if (suspended) await removeFromAllSegments(tx, principal.clientId, id);
      await recordAudit(tx, actor, {
        action: suspended ? 'customer.suspended' : 'customer.activated',
        entity: 'customer',
        entityId: id,
        summary: `${suspended ? 'Suspended' : 'Activated'} customer ${found.customer.name} ${found.customer.surname}`,
        changes: { status: { from: current, to: suspended ? 'SUSPENDED' : 'ACTIVE' } },
      });
    });
    return get(principal, id);
  };

  return { list, add, get, update, setSuspended, load, loadForChange, memberBranchFor, assertFree, insert };
};
export type CustomersService = ReturnType<typeof createCustomersService>;

import {
  fromMinorUnits,
  SUBSCRIPTION_API_MESSAGES,
  type TFieldError,
  type TSaveSubscription,
  type TSubscriptionDetails,
  type ZSubscriptionListQuery,
} from '@laurel/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { productCategories, products, subscriptionPlans } from '../../db/schema';
import { branchScope } from '../../http/auth/branch-scope';
import type { Principal } from '../../http/auth/principal';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { existingCategoryIds } from '../products/products.queries';
import { planColumnsOf, toSubscription } from './subscription-dto';
import {
  branchNames,
  existingBranchIds,
  findPlan,
  hasCustomerSubscriptions,
  listPlanRows,
  NO_FIGURES,
  type PlanRow,
  planFigures,
} from './subscriptions.queries';

type ListQuery = z.output<typeof ZSubscriptionListQuery>;

const AUDITED = [
  'name',
  'sku',
  'priceMinor',
  'status',
  'period',
  'type',
  'applyTo',
  'startDate',
  'endDate',
  'paymentType',
  'maxPerUser',
  'maxRedemptionsPerDay',
  'maxRedemptionsPerPeriod',
] as const;

/** Share-locked products of the client among the ids (a product deleted meanwhile waits for this save). */
const productSummaries = async (tx: DbOrTx, clientId: string, ids: string[], lock = false) => {
  if (ids.length === 0) return [];
  const query = tx
    .select()
    .from(products)
    .where(and(eq(products.clientId, clientId), inArray(products.id, ids)));
  const rows = lock ? await query.for('share') : await query;
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            _id: row.id,
            title: row.title,
            sku: row.sku,
            pid: row.pid,
            price: fromMinorUnits(row.priceMinor),
            image_url: row.imageUrl,
          },
        ]
      : [];
  });
};

/** Subscription plans (spec 1 §2.14, §3, §5): CRUD, with figures within the caller's branches. */
export const createSubscriptionsService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const row = await findPlan(tx, clientId, id, lock);
    if (!row) throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
    return row;
  };

  /** Every product, category and branch the plan names must be the client's. */
  const assertReferences = async (tx: DbOrTx, clientId: string, input: TSaveSubscription) => {
    const errors: TFieldError[] = [];
    const categories = await existingCategoryIds(tx, clientId, input.categories);
    if (categories.size !== input.categories.length)
      errors.push({ field: 'categories', message: SUBSCRIPTION_API_MESSAGES.unknownCategories });
    for (const field of ['primary_products', 'products'] as const) {
      const found = await productSummaries(tx, clientId, input[field], true);
      if (found.length !== input[field].length)
        errors.push({ field, message: SUBSCRIPTION_API_MESSAGES.unknownProducts });
    }
    const branches = await existingBranchIds(tx, clientId, input.branches);
    if (branches.size !== input.branches.length)
      errors.push({ field: 'branches', message: SUBSCRIPTION_API_MESSAGES.unknownBranches });
    if (errors.length > 0) throw badRequest(errors);
  };

  const assertSkuFree = async (tx: DbOrTx, clientId: string, sku: string, exceptId?: string) => {
    const [taken] = await tx
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(
        and(
          eq(subscriptionPlans.clientId, clientId),
          sql`lower(${subscriptionPlans.sku}) = ${sku.toLowerCase()}`,
          exceptId ? sql`${subscriptionPlans.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw conflict(SUBSCRIPTION_API_MESSAGES.skuTaken);
  };

  const saving = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(SUBSCRIPTION_API_MESSAGES.skuTaken);
      throw error;
    }
  };

  const details = async (
    tx: DbOrTx,
    row: PlanRow,
    branchIds: string[] | null,
  ): Promise<TSubscriptionDetails> => {
    const figures = (await planFigures(tx, row.clientId, [row.id], branchIds)).get(row.id) ?? NO_FIGURES;
    const categories =
      row.categoryIds.length === 0
        ? []
        : await tx
            .select({ _id: productCategories.id, name: productCategories.name })
            .from(productCategories)
            .where(
              and(
                eq(productCategories.clientId, row.clientId),
                inArray(productCategories.id, row.categoryIds),
              ),
            );
    return {
      ...toSubscription(row, figures),
      product_details: await productSummaries(tx, row.clientId, row.productIds),
      primary_product_details: await productSummaries(tx, row.clientId, row.primaryProductIds),
      category_details: categories,
      branch_details: await branchNames(tx, row.clientId, row.branchIds),
    };
  };

  return {
    list: async (principal: Principal, query: ListQuery) => {
      const { rows, count } = await listPlanRows(
        db,
        { clientId: principal.clientId, search: query.search_string || undefined, status: query.status },
        query.page,
        query.size,
      );
      const figures = await planFigures(
        db,
        principal.clientId,
        rows.map((row) => row.id),
        branchScope(principal, query.branch_id_list),
      );
      return { items: rows.map((row) => toSubscription(row, figures.get(row.id) ?? NO_FIGURES)), count };
    },

    get: async (principal: Principal, id: string, requestedBranches?: string[]) =>
      details(db, await load(db, principal.clientId, id), branchScope(principal, requestedBranches)),

    create: (principal: Principal, actor: Actor, input: TSaveSubscription) =>
      saving(() =>
        db.transaction(async (tx) => {
          await assertReferences(tx, actor.clientId, input);
          await assertSkuFree(tx, actor.clientId, input.sku);
          const [row] = await tx
            .insert(subscriptionPlans)
            .values({ id: newId(), clientId: actor.clientId, ...planColumnsOf(input) })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await recordAudit(tx, actor, {
            action: 'subscription.created',
            entity: 'subscription',
            entityId: row.id,
            summary: `Created subscription '${row.name}' (${row.status})`,
          });
          return details(tx, row, branchScope(principal));
        }),
      ),

    update: (principal: Principal, actor: Actor, id: string, input: TSaveSubscription) =>
      saving(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, actor.clientId, id, true);
          if (
            input.status === 'DRAFT' &&
            before.status !== 'DRAFT' &&
            (await hasCustomerSubscriptions(tx, actor.clientId, id))
          ) {
            throw conflict(SUBSCRIPTION_API_MESSAGES.backToDraft);
          }
          await assertReferences(tx, actor.clientId, input);
          await assertSkuFree(tx, actor.clientId, input.sku, id);
          const [row] = await tx
            .update(subscriptionPlans)
            .set({ ...planColumnsOf(input), updatedAt: new Date() })
            .where(and(eq(subscriptionPlans.clientId, actor.clientId), eq(subscriptionPlans.id, id)))
            .returning();
          if (!row) throw notFound(SUBSCRIPTION_API_MESSAGES.notFound);
          await recordAudit(tx, actor, {
            action: 'subscription.updated',
            entity: 'subscription',
            entityId: id,
            summary: `Updated subscription '${row.name}'`,
            changes: diffFields(before, row, [...AUDITED]),
          });
          return details(tx, row, branchScope(principal));
        }),
      ),

    /** Only a plan never issued: a sold plan is paused instead, so that its customers' records stay whole. */
    remove: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        if (await hasCustomerSubscriptions(tx, actor.clientId, id))
          throw conflict(SUBSCRIPTION_API_MESSAGES.hasSubscribers);
        await tx
          .delete(subscriptionPlans)
          .where(and(eq(subscriptionPlans.clientId, actor.clientId), eq(subscriptionPlans.id, id)));
        await recordAudit(tx, actor, {
          action: 'subscription.deleted',
          entity: 'subscription',
          entityId: id,
          summary: `Deleted subscription '${before.name}'`,
        });
        return toSubscription(before, NO_FIGURES);
      }),
  };
};

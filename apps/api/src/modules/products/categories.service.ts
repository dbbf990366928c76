import {
  CATALOGUE_MESSAGES,
  type TProductCategory,
  type ZCategoryListQuery,
  type ZSaveCategoryRequest,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { productCategories } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { findPlanUsing } from '../subscriptions/subscriptions.queries';
import { toCategory } from './catalogue-dto';
import { findCategory, listCategoryRows, productCounts } from './products.queries';

type SaveInput = z.output<typeof ZSaveCategoryRequest>;
type ListQuery = z.output<typeof ZCategoryListQuery>;

/** Product categories (spec 3 §3): the name is unique within the client, case-insensitively. */
export const createCategoriesService = (db: Db) => {
  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const row = await findCategory(tx, clientId, id, lock);
    if (!row) throw notFound(CATALOGUE_MESSAGES.categoryNotFound);
    return row;
  };

  const dto = async (tx: DbOrTx, row: typeof productCategories.$inferSelect): Promise<TProductCategory> =>
    toCategory(row, (await productCounts(tx, row.clientId, [row.id])).get(row.id) ?? 0);

  const assertNameFree = async (tx: DbOrTx, clientId: string, name: string, exceptId?: string) => {
    const [taken] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(
        and(
          eq(productCategories.clientId, clientId),
          sql`lower(${productCategories.name}) = ${name.toLowerCase()}`,
          exceptId ? sql`${productCategories.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw conflict(CATALOGUE_MESSAGES.categoryNameTaken);
  };

  const saving = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CATALOGUE_MESSAGES.categoryNameTaken);
      throw error;
    }
  };

  return {
    list: async (clientId: string, query: ListQuery) => {
      const { rows, count } = await listCategoryRows(db, clientId, {
        page: query.page,
        size: query.size,
        search: query.search_string || undefined,
      });
      const counts = await productCounts(
        db,
        clientId,
        rows.map((row) => row.id),
      );
      return { items: rows.map((row) => toCategory(row, counts.get(row.id) ?? 0)), count };
    },

    get: async (clientId: string, id: string) => dto(db, await load(db, clientId, id)),

    create: (actor: Actor, input: SaveInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, actor.clientId, input.name);
          const [row] = await tx
            .insert(productCategories)
            .values({
              id: newId(),
              clientId: actor.clientId,
              name: input.name,
              description: input.description,
              imageUrl: input.image_url,
            })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await recordAudit(tx, actor, {
            action: 'product_category.created',
            entity: 'product_category',
            entityId: row.id,
            summary: `Created product category '${row.name}'`,
          });
          return toCategory(row, 0);
        }),
      ),

    update: (actor: Actor, id: string, input: SaveInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, actor.clientId, id, true);
          await assertNameFree(tx, actor.clientId, input.name, id);
          const [row] = await tx
            .update(productCategories)
            .set({
              name: input.name,
              description: input.description,
              imageUrl: input.image_url,
              updatedAt: new Date(),
            })
            .where(and(eq(productCategories.clientId, actor.clientId), eq(productCategories.id, id)))
            .returning();
          if (!row) throw notFound(CATALOGUE_MESSAGES.categoryNotFound);
          await recordAudit(tx, actor, {
            action: 'product_category.updated',
            entity: 'product_category',
            entityId: id,
            summary: `Updated product category '${row.name}'`,
            changes: diffFields(before, row, ['name', 'description', 'imageUrl']),
          });
          return dto(tx, row);
        }),
      ),

    /** Its products stay in the catalogue, without this category. */
    remove: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        const plan = await findPlanUsing(tx, actor.clientId, { categoryId: id });
        if (plan) throw conflict(CATALOGUE_MESSAGES.categoryInUse(plan.name));
        const category = await dto(tx, before);
        await tx
          .delete(productCategories)
          .where(and(eq(productCategories.clientId, actor.clientId), eq(productCategories.id, id)));
        await recordAudit(tx, actor, {
          action: 'product_category.deleted',
          entity: 'product_category',
          entityId: id,
          summary: `Deleted product category '${before.name}'`,
        });
        return category;
      }),
  };
};

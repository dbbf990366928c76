import {
  CATALOGUE_MESSAGES,
  type TProduct,
  toMinorUnits,
  type ZProductListQuery,
  type ZSaveProductRequest,
} from '@laurel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { newId } from '../../db/ids';
import { products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type Actor, diffFields, recordAudit } from '../audit/audit';
import { findPlanUsing } from '../subscriptions/subscriptions.queries';
import { toProduct } from './catalogue-dto';
import {
  categoriesOfProducts,
  existingCategoryIds,
  findProduct,
  listProductRows,
  type ProductRow,
  setProductCategories,
} from './products.queries';

type SaveInput = z.output<typeof ZSaveProductRequest>;
type ListQuery = z.output<typeof ZProductListQuery>;

const AUDITED = ['title', 'sku', 'pid', 'priceMinor', 'imageUrl', 'description'] as const;

const columnsOf = (input: SaveInput) => ({
  title: input.title,
  sku: input.sku,
  pid: input.pid,
  priceMinor: toMinorUnits(input.price),
  imageUrl: input.image_url,
  description: input.description,
});

/** Products of the catalogue (spec 3 §3): SKU unique per client, categories from the client's own. */
export const createProductsService = (db: Db) => {
  const withCategories = async (tx: DbOrTx, clientId: string, rows: ProductRow[]) => {
    const categories = await categoriesOfProducts(
      tx,
      clientId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toProduct(row, categories.get(row.id) ?? []));
  };

  const load = async (tx: DbOrTx, clientId: string, id: string, lock = false) => {
    const row = await findProduct(tx, clientId, id, lock);
    if (!row) throw notFound(CATALOGUE_MESSAGES.productNotFound);
    return row;
  };

  const assertCategories = async (tx: DbOrTx, clientId: string, ids: string[]) => {
    const found = await existingCategoryIds(tx, clientId, ids);
    if (found.size !== ids.length) {
      throw badRequest([{ field: 'category_ids', message: CATALOGUE_MESSAGES.unknownCategories }]);
    }
  };

  const assertSkuFree = async (tx: DbOrTx, clientId: string, sku: string, exceptId?: string) => {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.clientId, clientId),
          sql`lower(${products.sku}) = ${sku.toLowerCase()}`,
          exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw conflict(CATALOGUE_MESSAGES.skuTaken);
  };

  /** A unique violation from a concurrent save of the same SKU is the same 409. */
  const saving = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CATALOGUE_MESSAGES.skuTaken);
      throw error;
    }
  };

  return {
    list: async (clientId: string, query: ListQuery) => {
      const { rows, count } = await listProductRows(
        db,
        { clientId, search: query.search_string || undefined, categoryIds: query.category_id },
        { page: query.page, size: query.size, sort: query.sort, order: query.order },
      );
      return { items: await withCategories(db, clientId, rows), count };
    },

    /** `POST v2/filter/products`: the products of any of the categories. */
    filter: async (
      clientId: string,
      input: { categoryIds: string[]; page: number; size: number; search?: string | undefined },
    ) => {
      const { rows, count } = await listProductRows(
        db,
        { clientId, search: input.search, categoryIds: input.categoryIds },
        { page: input.page, size: input.size, sort: 'title', order: 'asc' },
      );
      return { items: await withCategories(db, clientId, rows), count };
    },

    get: async (clientId: string, id: string): Promise<TProduct> => {
      const [product] = await withCategories(db, clientId, [await load(db, clientId, id)]);
      return product as TProduct;
    },

    create: (actor: Actor, input: SaveInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          await assertCategories(tx, actor.clientId, input.category_ids);
          await assertSkuFree(tx, actor.clientId, input.sku);
          const [row] = await tx
            .insert(products)
            .values({ id: newId(), clientId: actor.clientId, ...columnsOf(input) })
            .returning();
          if (!row) throw new Error('insert returned nothing');
          await setProductCategories(tx, actor.clientId, row.id, input.category_ids);
          await recordAudit(tx, actor, {
            action: 'product.created',
            entity: 'product',
            entityId: row.id,
            summary: `Created product '${row.title}' (${row.sku})`,
          });
          const [product] = await withCategories(tx, actor.clientId, [row]);
          return product as TProduct;
        }),
      ),

    update: (actor: Actor, id: string, input: SaveInput) =>
      saving(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, actor.clientId, id, true);
          await assertCategories(tx, actor.clientId, input.category_ids);
          await assertSkuFree(tx, actor.clientId, input.sku, id);
          const [row] = await tx
            .update(products)
            .set({ ...columnsOf(input), updatedAt: new Date() })
            .where(and(eq(products.clientId, actor.clientId), eq(products.id, id)))
            .returning();
          if (!row) throw notFound(CATALOGUE_MESSAGES.productNotFound);
          await setProductCategories(tx, actor.clientId, id, input.category_ids);
          await recordAudit(tx, actor, {
            action: 'product.updated',
            entity: 'product',
            entityId: id,
            summary: `Updated product '${row.title}' (${row.sku})`,
            changes: diffFields(before, row, [...AUDITED]),
          });
          const [product] = await withCategories(tx, actor.clientId, [row]);
          return product as TProduct;
        }),
      ),

    remove: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const before = await load(tx, actor.clientId, id, true);
        const plan = await findPlanUsing(tx, actor.clientId, { productId: id });
        if (plan) throw conflict(CATALOGUE_MESSAGES.productInUse(plan.name));
        const [product] = await withCategories(tx, actor.clientId, [before]);
        await tx.delete(products).where(and(eq(products.clientId, actor.clientId), eq(products.id, id)));
        await recordAudit(tx, actor, {
          action: 'product.deleted',
          entity: 'product',
          entityId: id,
          summary: `Deleted product '${before.title}' (${before.sku})`,
        });
        return product as TProduct;
      }),
  };
};

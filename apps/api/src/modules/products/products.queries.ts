import type { TProductSort } from '@laurel/contract';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern } from '../../db/filters';
import { productCategories, productCategoryLinks, products } from '../../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof productCategories.$inferSelect;

export type ProductFilter = {
  clientId: string;
  search?: string | undefined;
  /** Only products in any of these categories; empty or absent: every product. */
  categoryIds?: string[] | undefined;
};

const productWhere = (filter: ProductFilter): SQL => {
  const conditions: SQL[] = [eq(products.clientId, filter.clientId)];
  if (filter.search) conditions.push(like(products.searchText, containsPattern(filter.search.toLowerCase())));
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    conditions.push(
      inArray(
        products.id,
        sql`(SELECT ${productCategoryLinks.productId} FROM ${productCategoryLinks}
             WHERE ${productCategoryLinks.clientId} = ${filter.clientId}
               AND ${inArray(productCategoryLinks.categoryId, filter.categoryIds)})`,
      ),
    );
  }
  return and(...conditions) as SQL;
};

/** Each sort reads straight from its index; the id breaks ties so that pages never overlap. */
const productOrder = (sort: TProductSort, direction: 'asc' | 'desc') => {
  const by = direction === 'asc' ? asc : desc;
  switch (sort) {
    case 'sku':
      return [by(sql`lower(${products.sku})`)];
    case 'price':
      return [by(products.priceMinor), by(products.id)];
    case 'created_at':
      return [by(products.createdAt), by(products.id)];
    default:
      return [by(products.title), by(products.id)];
  }
};

export const listProductRows = async (
  db: DbOrTx,
  filter: ProductFilter,
  paging: { page: number; size: number; sort: TProductSort; order: 'asc' | 'desc' },
) => {
  const where = productWhere(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...productOrder(paging.sort, paging.order))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
};

/** The categories of each product, by name. */
export const categoriesOfProducts = async (db: DbOrTx, clientId: string, productIds: string[]) => {
  const byProduct = new Map<string, { _id: string; name: string }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productCategoryLinks.productId,
      id: productCategories.id,
      name: productCategories.name,
    })
    .from(productCategoryLinks)
    .innerJoin(productCategories, eq(productCategories.id, productCategoryLinks.categoryId))
    .where(
      and(eq(productCategoryLinks.clientId, clientId), inArray(productCategoryLinks.productId, productIds)),
    )
    .orderBy(asc(sql`lower(${productCategories.name})`));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ _id: row.id, name: row.name });
    byProduct.set(row.productId, list);
  }
  return byProduct;
};

/** `lock`: held until the transaction ends, so that a subscription saved meanwhile cannot name it. */
export const findProduct = async (db: DbOrTx, clientId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.clientId, clientId), eq(products.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

export const findProductBySku = async (db: DbOrTx, clientId: string, sku: string) => {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.clientId, clientId), sql`lower(${products.sku}) = ${sku.toLowerCase()}`));
  return row ?? null;
};

/**
 * Which of the ids are categories of the client; share-locked until the transaction ends, so that a category
 * deleted meanwhile waits instead of leaving a link to nothing.
 */
export const existingCategoryIds = async (db: DbOrTx, clientId: string, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(and(eq(productCategories.clientId, clientId), inArray(productCategories.id, ids)))
    .for('share');
  return new Set(rows.map((row) => row.id));
};

/** Replaces a product's categories. */
export const setProductCategories = async (
  db: DbOrTx,
  clientId: string,
  productId: string,
  categoryIds: string[],
) => {
  await db.delete(productCategoryLinks).where(eq(productCategoryLinks.productId, productId));
  if (categoryIds.length > 0) {
    await db
      .insert(productCategoryLinks)
      .values(categoryIds.map((categoryId) => ({ clientId, productId, categoryId })));
  }
};

// Categories ----------------------------------------------------------------------------------------------------

const categoryWhere = (clientId: string, search?: string) =>
  search
    ? (and(
        eq(productCategories.clientId, clientId),
        like(sql`lower(${productCategories.name})`, containsPattern(search.toLowerCase())),
      ) as SQL)
    : eq(productCategories.clientId, clientId);

export const listCategoryRows = async (
  db: DbOrTx,
  clientId: string,
  paging: { page: number; size: number; search?: string | undefined },
) => {
  const where = categoryWhere(clientId, paging.search);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(productCategories)
      .where(where)
      .orderBy(asc(sql`lower(${productCategories.name})`))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ n: count() }).from(productCategories).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
};

/** How many products each category holds. */
export const productCounts = async (db: DbOrTx, clientId: string, categoryIds: string[]) => {
  if (categoryIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ categoryId: productCategoryLinks.categoryId, n: count() })
    .from(productCategoryLinks)
    .where(
      and(eq(productCategoryLinks.clientId, clientId), inArray(productCategoryLinks.categoryId, categoryIds)),
    )
    .groupBy(productCategoryLinks.categoryId);
  return new Map(rows.map((row) => [row.categoryId, Number(row.n)]));
};

export const findCategory = async (db: DbOrTx, clientId: string, id: string, lock = false) => {
  const query = db
    .select()
    .from(productCategories)
    .where(and(eq(productCategories.clientId, clientId), eq(productCategories.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

import {
  IMPORT_CATEGORY_SEPARATOR,
  IMPORT_MESSAGES,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED_COLUMNS,
  PRODUCT_LIMITS,
  toMinorUnits,
  ZSaveProductRequest,
} from '@laurel/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { productCategories, productCategoryLinks, products } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { numberCell, parseCsv, rowError } from './csv-file';
import {
  chunks,
  finished,
  type ImportOptions,
  issuesOf,
  lockImports,
  param,
  refuseIfInvalid,
  validateRows,
} from './import-rows';

type ProductValues = Omit<z.output<typeof ZSaveProductRequest>, 'category_ids'>;
type ProductPlan = { values: ProductValues; categoryIds: string[] | undefined };

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Products from CSV (issue 10): the SKU (any case) decides create or update; columns the file does not have are
 * left as they are; a row equal to what is stored changes nothing, so the same file twice changes nothing.
 */
export const importProducts = async (db: Db, actor: Actor, options: ImportOptions) => {
  const { header, records } = parseCsv(options.text, {
    known: PRODUCT_IMPORT_COLUMNS,
    required: PRODUCT_IMPORT_REQUIRED_COLUMNS,
  });
  const has = (column: string) => header.includes(column);
  const namesInFile = has('categories')
    ? [
        ...new Set(
          records.flatMap((record) =>
            (record.cells.get('categories') ?? '')
              .split(IMPORT_CATEGORY_SEPARATOR)
              .map((name) => name.trim().toLowerCase())
              .filter(Boolean),
          ),
        ),
      ]
    : [];
  const categoryByName = new Map(
    namesInFile.length === 0
      ? []
      : (
          await db
            .select({ id: productCategories.id, name: productCategories.name })
            .from(productCategories)
            .where(
              and(
                eq(productCategories.clientId, actor.clientId),
                inArray(sql`lower(${productCategories.name})`, namesInFile),
              ),
            )
        ).map((row) => [row.name.toLowerCase(), row.id]),
  );

  const schema = ZSaveProductRequest.omit({ category_ids: true });
  const checked = validateRows<ProductPlan>(records, 'sku', (record) => {
    const cell = (column: string) => (has(column) ? (record.cells.get(column) ?? '') : undefined);
    const parsed = schema.safeParse({
      title: cell('title'),
      sku: cell('sku'),
      pid: cell('pid'),
      price: numberCell(cell('price')),
      image_url: cell('image_url'),
      description: cell('description'),
    });
    const errors = parsed.success ? [] : issuesOf(record.row, parsed.error.issues);
    let categoryIds: string[] | undefined;
    if (has('categories')) {
      const names = (cell('categories') ?? '')
        .split(IMPORT_CATEGORY_SEPARATOR)
        .map((name) => name.trim())
        .filter(Boolean);
      categoryIds = [];
      for (const name of names) {
        const id = categoryByName.get(name.toLowerCase());
        if (id) categoryIds.push(id);
        else errors.push(rowError(record.row, 'categories', IMPORT_MESSAGES.unknownCategory(name)));
      }
      categoryIds = [...new Set(categoryIds)];
      if (categoryIds.length > PRODUCT_LIMITS.categoriesPerProduct) {
        errors.push(
          rowError(
            record.row,
            'categories',
            `categories must not hold more than ${PRODUCT_LIMITS.categoriesPerProduct} items`,
          ),
        );
      }
    }
    return parsed.success && errors.length === 0
      ? { value: { values: parsed.data, categoryIds }, errors }
      : { errors };
  });
  refuseIfInvalid(records, checked, options.skipInvalid);

  const counts = await db.transaction(async (tx) => {
    await lockImports(tx, actor.clientId, 'products');
    const skus = checked.valid.map(({ value }) => value.values.sku.toLowerCase());
    const existing = new Map<string, typeof products.$inferSelect>();
    for (const part of chunks(skus)) {
      const rows = await tx
        .select()
        .from(products)
        .where(and(eq(products.clientId, actor.clientId), inArray(sql`lower(${products.sku})`, part)));
      for (const row of rows) existing.set(row.sku.toLowerCase(), row);
    }
    const linksOf = new Map<string, string[]>();
    if (has('categories') && existing.size > 0) {
      for (const part of chunks([...existing.values()].map((row) => row.id))) {
        const links = await tx
          .select({
            productId: productCategoryLinks.productId,
            categoryId: productCategoryLinks.categoryId,
          })
          .from(productCategoryLinks)
          .where(inArray(productCategoryLinks.productId, part));
        for (const link of links)
          linksOf.set(link.productId, [...(linksOf.get(link.productId) ?? []), link.categoryId]);
      }
    }

    const toCreate: (typeof products.$inferInsert & { categoryIds: string[] })[] = [];
    const toUpdate: (typeof products.$inferSelect & { categoryIds: string[] | undefined })[] = [];
    let unchanged = 0;
    for (const { value } of checked.valid) {
      const { values, categoryIds } = value;
      const before = existing.get(values.sku.toLowerCase());
      if (!before) {
        toCreate.push({
          id: newId(),
          clientId: actor.clientId,
          title: values.title,
          sku: values.sku,
          pid: values.pid,
          priceMinor: toMinorUnits(values.price),
          imageUrl: values.image_url,
          description: values.description,
          categoryIds: categoryIds ?? [],
        });
        continue;
      }
      const after = {
        ...before,
        title: values.title,
        sku: values.sku,
        priceMinor: toMinorUnits(values.price),
        pid: has('pid') ? values.pid : before.pid,
        imageUrl: has('image_url') ? values.image_url : before.imageUrl,
        description: has('description') ? values.description : before.description,
      };
      const categoriesChanged =
        categoryIds !== undefined && !sameSet(categoryIds, linksOf.get(before.id) ?? []);
      const changed =
        categoriesChanged ||
        (['title', 'sku', 'priceMinor', 'pid', 'imageUrl', 'description'] as const).some(
          (column) => after[column] !== before[column],
        );
      if (changed) toUpdate.push({ ...after, categoryIds: categoriesChanged ? categoryIds : undefined });
      else unchanged += 1;
    }
    if (toUpdate.length > 0 && !options.mayUpdate) throw forbidden(IMPORT_MESSAGES.updateNeedsPermission);

    for (const part of chunks(toCreate)) {
      await tx.insert(products).values(part.map(({ categoryIds: _categories, ...row }) => row));
      const links = part.flatMap((row) =>
        row.categoryIds.map((categoryId) => ({ clientId: actor.clientId, productId: row.id, categoryId })),
      );
      if (links.length > 0) await tx.insert(productCategoryLinks).values(links);
    }
    for (const part of chunks(toUpdate)) {
      await tx.execute(sql`
        UPDATE products p SET title = u.title, sku = u.sku, pid = u.pid, price_minor = u.price_minor,
          image_url = u.image_url, description = u.description, updated_at = now()
        FROM unnest(${param(part.map((row) => row.id))}::text[], ${param(part.map((row) => row.title))}::text[],
                    ${param(part.map((row) => row.sku))}::text[], ${param(part.map((row) => row.pid))}::text[],
                    ${param(part.map((row) => row.priceMinor))}::bigint[],
                    ${param(part.map((row) => row.imageUrl))}::text[],
                    ${param(part.map((row) => row.description))}::text[])
          AS u(id, title, sku, pid, price_minor, image_url, description)
        WHERE p.id = u.id AND p.client_id = ${actor.clientId}`);
      const relinked = part.filter((row) => row.categoryIds !== undefined);
      if (relinked.length > 0) {
        await tx.delete(productCategoryLinks).where(
          inArray(
            productCategoryLinks.productId,
            relinked.map((row) => row.id),
          ),
        );
        const links = relinked.flatMap((row) =>
          (row.categoryIds ?? []).map((categoryId) => ({
            clientId: actor.clientId,
            productId: row.id,
            categoryId,
          })),
        );
        if (links.length > 0) await tx.insert(productCategoryLinks).values(links);
      }
    }
    const result = { created: toCreate.length, updated: toUpdate.length, unchanged };
    await recordAudit(tx, actor, {
      action: 'products.imported',
      entity: 'product',
      summary: `Imported products from CSV: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${checked.badRows} skipped`,
    });
    return result;
  });
  return finished(records, counts, checked);
};

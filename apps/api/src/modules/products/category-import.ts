import {
  CATEGORY_IMPORT_COLUMNS,
  CATEGORY_IMPORT_REQUIRED_COLUMNS,
  IMPORT_MESSAGES,
  ZSaveCategoryRequest,
} from '@laurel/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { newId } from '../../db/ids';
import { productCategories } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { parseCsv } from './csv-file';
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

/** Categories from CSV: the name (any case) is the key; the same rules as the product import. */
export const importCategories = async (db: Db, actor: Actor, options: ImportOptions) => {
  const { header, records } = parseCsv(options.text, {
    known: CATEGORY_IMPORT_COLUMNS,
    required: CATEGORY_IMPORT_REQUIRED_COLUMNS,
  });
  const has = (column: string) => header.includes(column);
  const checked = validateRows<z.output<typeof ZSaveCategoryRequest>>(records, 'name', (record) => {
    const cell = (column: string) => (has(column) ? (record.cells.get(column) ?? '') : undefined);
    const parsed = ZSaveCategoryRequest.safeParse({
      name: cell('name'),
      description: cell('description'),
      image_url: cell('image_url'),
    });
    return parsed.success
      ? { value: parsed.data, errors: [] }
      : { errors: issuesOf(record.row, parsed.error.issues) };
  });
  refuseIfInvalid(records, checked, options.skipInvalid);

  const counts = await db.transaction(async (tx) => {
    await lockImports(tx, actor.clientId, 'categories');
    const existing = new Map<string, typeof productCategories.$inferSelect>();
    for (const part of chunks(checked.valid.map(({ value }) => value.name.toLowerCase()))) {
      const rows = await tx
        .select()
        .from(productCategories)
        .where(
          and(
            eq(productCategories.clientId, actor.clientId),
            inArray(sql`lower(${productCategories.name})`, part),
          ),
        );
      for (const row of rows) existing.set(row.name.toLowerCase(), row);
    }
    const toCreate: (typeof productCategories.$inferInsert)[] = [];
    const toUpdate: (typeof productCategories.$inferSelect)[] = [];
    let unchanged = 0;
    for (const { value } of checked.valid) {
      const before = existing.get(value.name.toLowerCase());
      if (!before) {
        toCreate.push({
          id: newId(),
          clientId: actor.clientId,
          name: value.name,
          description: value.description,
          imageUrl: value.image_url,
        });
        continue;
      }
      const after = {
        ...before,
        name: value.name,
        description: has('description') ? value.description : before.description,
        imageUrl: has('image_url') ? value.image_url : before.imageUrl,
      };
      if ((['name', 'description', 'imageUrl'] as const).some((column) => after[column] !== before[column]))
        toUpdate.push(after);
      else unchanged += 1;
    }
    if (toUpdate.length > 0 && !options.mayUpdate) throw forbidden(IMPORT_MESSAGES.updateNeedsPermission);
    for (const part of chunks(toCreate)) await tx.insert(productCategories).values(part);
    for (const part of chunks(toUpdate)) {
      await tx.execute(sql`
        UPDATE product_categories c SET name = u.name, description = u.description, image_url = u.image_url,
          updated_at = now()
        FROM unnest(${param(part.map((row) => row.id))}::text[], ${param(part.map((row) => row.name))}::text[],
                    ${param(part.map((row) => row.description))}::text[],
                    ${param(part.map((row) => row.imageUrl))}::text[]) AS u(id, name, description, image_url)
        WHERE c.id = u.id AND c.client_id = ${actor.clientId}`);
    }
    const result = { created: toCreate.length, updated: toUpdate.length, unchanged };
    await recordAudit(tx, actor, {
      action: 'product_categories.imported',
      entity: 'product_category',
      summary: `Imported product categories from CSV: ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${checked.badRows} skipped`,
    });
    return result;
  });
  return finished(records, counts, checked);
};

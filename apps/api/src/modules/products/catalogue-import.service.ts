import type { Db } from '../../db/database';
import type { Actor } from '../audit/audit';
import { importCategories } from './category-import';
import type { ImportOptions } from './import-rows';
import { importProducts } from './product-import';

/** CSV imports of the catalogue (issue 10): products by SKU, categories by name. */
export const createCatalogueImportService = (db: Db) => ({
  products: (actor: Actor, options: ImportOptions) => importProducts(db, actor, options),
  categories: (actor: Actor, options: ImportOptions) => importCategories(db, actor, options),
});

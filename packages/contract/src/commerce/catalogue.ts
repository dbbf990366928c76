import { z } from 'zod';
import { queryBoolean, ZPageNumber, ZPageSize } from '../http/fields';
import { ZId } from '../shared/ids';
import { idList, moneyField, optionalText, requiredText } from './fields';

/** The product catalogue (spec 3 §3 Product and Category; issue 10): products, categories and CSV imports. */

export const PRODUCT_LIMITS = {
  titleMaxLength: 200,
  skuMaxLength: 64,
  pidMaxLength: 64,
  descriptionMaxLength: 2000,
  urlMaxLength: 2000,
  categoryNameMaxLength: 120,
  categoriesPerProduct: 50,
} as const;

export const CATALOGUE_MESSAGES = {
  productSaved: 'Product saved.',
  productDeleted: 'Product deleted.',
  productNotFound: 'The product could not be found.',
  skuTaken: 'A product with this SKU already exists.',
  categorySaved: 'Category saved.',
  categoryDeleted: 'Category deleted.',
  categoryNotFound: 'The category could not be found.',
  categoryNameTaken: 'A category with this name already exists.',
  unknownCategories: 'One or more of the chosen categories do not exist.',
  productInUse: (plan: string) =>
    `This product is part of the subscription '${plan}'. Remove it there before deleting it.`,
  categoryInUse: (plan: string) =>
    `This category is part of the subscription '${plan}'. Remove it there before deleting it.`,
} as const;

/** A product's category as products carry it. */
export const ZProductCategoryRef = z.object({ _id: z.string(), name: z.string() });

/** A product (spec 3 §3: _id, title, sku, pid, image_url; price as a two-decimal amount). */
export const ZProduct = z.object({
  _id: z.string(),
  title: z.string(),
  sku: z.string(),
  /** The product's id in the client's own systems (the console's PID column). */
  pid: z.string().nullable(),
  price: z.number(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
  category_ids: z.array(z.string()),
  categories: z.array(ZProductCategoryRef),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

/** A category (spec 3 §3: _id, name, description, image_url) and how many products it holds. */
export const ZProductCategory = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  product_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TProductCategory = z.infer<typeof ZProductCategory>;

const ZImageUrl = optionalText('image_url', PRODUCT_LIMITS.urlMaxLength);

export const ZSaveProductRequest = z.object({
  title: requiredText('title', PRODUCT_LIMITS.titleMaxLength),
  sku: requiredText('sku', PRODUCT_LIMITS.skuMaxLength),
  pid: optionalText('pid', PRODUCT_LIMITS.pidMaxLength),
  price: moneyField('price'),
  image_url: ZImageUrl,
  description: optionalText('description', PRODUCT_LIMITS.descriptionMaxLength),
  category_ids: idList('category_ids', PRODUCT_LIMITS.categoriesPerProduct),
});
export type TSaveProductRequest = z.input<typeof ZSaveProductRequest>;

export const ZSaveCategoryRequest = z.object({
  name: requiredText('name', PRODUCT_LIMITS.categoryNameMaxLength),
  description: optionalText('description', PRODUCT_LIMITS.descriptionMaxLength),
  image_url: ZImageUrl,
});
export type TSaveCategoryRequest = z.input<typeof ZSaveCategoryRequest>;

/** Sorts the products list offers; each is backed by an index (DESIGN §4). */
export const ZProductSort = z.enum(['title', 'sku', 'price', 'created_at']);
export type TProductSort = z.infer<typeof ZProductSort>;
export const PRODUCT_SORTS = ZProductSort.options;

const pageFields = {
  page: ZPageNumber.default(1),
  size: ZPageSize.default(15),
  /** A fragment of the title, SKU or PID (products) or of the name (categories). */
  search_string: z.string().trim().max(200, 'search_string must not be more than 200').optional(),
};

export const ZProductListQuery = z.object({
  ...pageFields,
  /** Only products in any of these categories. */
  category_id: z.union([z.array(ZId), ZId.transform((id) => [id])]).optional(),
  sort: ZProductSort.default('title'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TProductListQuery = z.input<typeof ZProductListQuery>;

export const ZCategoryListQuery = z.object(pageFields);
export type TCategoryListQuery = z.input<typeof ZCategoryListQuery>;

/**
 * `POST v2/filter/products` (spec 1 §7, spec 3 §7): the body is the category id list (an empty list means every
 * category); paging and search come in the query, as on every list.
 */
export const ZFilterProductsBody = z
  .array(ZId, { error: 'The body must be a list of category ids' })
  .max(200, 'The body must not hold more than 200 category ids');
export type TFilterProductsBody = z.input<typeof ZFilterProductsBody>;

// CSV import --------------------------------------------------------------------------------------------------

/** The columns of an import file; the header row names them, in any order and case. */
export const PRODUCT_IMPORT_COLUMNS = [
  'title',
  'sku',
  'pid',
  'price',
  'image_url',
  'description',
  'categories',
] as const;
export const PRODUCT_IMPORT_REQUIRED_COLUMNS = ['title', 'sku', 'price'] as const;
export const CATEGORY_IMPORT_COLUMNS = ['name', 'description', 'image_url'] as const;
export const CATEGORY_IMPORT_REQUIRED_COLUMNS = ['name'] as const;
/** A product's categories in one cell: names separated by this character. */
export const IMPORT_CATEGORY_SEPARATOR = '|';
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Whether a header cell is text a person typed: no control characters (a tab aside) and no U+FFFD, which decoding
 * bytes that are not UTF-8 leaves. A spreadsheet or an image sent as a CSV fails this, and is named as such rather
 * than echoed back as an unknown column of garbage.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
export const isTextHeaderCell = (cell: string) => !/[\u0000-\u0008\u000B-\u001F\u007F\uFFFD]/.test(cell);

export const IMPORT_MESSAGES = {
  sendCsv: 'Send the CSV file as multipart/form-data (field "file") or as a text/csv body.',
  fileRequired: 'Please choose a CSV file to import.',
  empty: 'The file has no rows to import.',
  tooLarge: `Import files may be at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`,
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  missingColumn: (column: string) => `The header row has no '${column}' column.`,
  unknownColumn: (column: string) => `'${column}' is not a column this import knows.`,
  notText: 'The file is not a CSV text file. Save it as CSV (UTF-8) and choose it again.',
  duplicateColumn: (column: string) => `The '${column}' column appears more than once.`,
  unreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  repeatedKey: (column: string, firstRow: number) =>
    `This ${column} already appears on row ${firstRow} of the file.`,
  unknownCategory: (name: string) => `There is no category named '${name}'. Import or create it first.`,
  nothingImported: (badRows: number) =>
    `${badRows} ${badRows === 1 ? 'row has' : 'rows have'} errors; nothing was imported.`,
  imported: (created: number, updated: number, unchanged: number) =>
    `Import finished: ${created} created, ${updated} updated, ${unchanged} unchanged.`,
  importedSkipping: (created: number, updated: number, unchanged: number, skipped: number) =>
    `Import finished: ${created} created, ${updated} updated, ${unchanged} unchanged; ${skipped} invalid ${skipped === 1 ? 'row' : 'rows'} skipped.`,
  updateNeedsPermission:
    'This file changes existing records: importing it needs the Edit permission as well as Add.',
} as const;

/** One problem of an import file: the spreadsheet row (the header is row 1), the column and what is wrong. */
export const ZImportRowError = z.object({
  row: z.number().int(),
  column: z.string(),
  /** The column again, so that the 400 envelope's `content.errors` keeps its `{ field, message }` shape. */
  field: z.string(),
  message: z.string(),
});
export type TImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportReport = z.object({
  /** Whether anything was written: false when the file had errors and skip_invalid was not asked for. */
  imported: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(ZImportRowError),
});
export type TImportReport = z.infer<typeof ZImportReport>;

/** Query of an import; multipart uploads may send `skip_invalid` as a form field instead. */
export const ZImportQuery = z.object({
  skip_invalid: queryBoolean('skip_invalid must be true or false').default(false),
});

import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { envelopeOf } from '../http/envelope';
import { ZId } from '../shared/ids';
import {
  ZCategoryListQuery,
  ZFilterProductsBody,
  ZImportQuery,
  ZImportReport,
  ZProduct,
  ZProductCategory,
  ZProductListQuery,
  ZSaveCategoryRequest,
  ZSaveProductRequest,
} from './catalogue';

const idParams = z.object({ id: ZId });
const tags = ['catalogue'];

// The spec's list calls (spec 1 §7, spec 3 §7), verbatim: pickers page by 5 with a search. ------------------

export const listProductsV2 = defineEndpoint({
  method: 'GET',
  path: '/v2/product/list',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'Products (search by title, SKU or PID fragment; category filter; paging); content.product_list',
  tags,
  query: ZProductListQuery,
  response: envelopeOf(z.object({ product_list: z.array(ZProduct), count: z.number().int() })),
});

export const listProductCategoriesV2 = defineEndpoint({
  method: 'GET',
  path: '/v2/product/category/list',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'Product categories by name (search, paging); content.product_category_list',
  tags,
  query: ZCategoryListQuery,
  response: envelopeOf(
    z.object({ product_category_list: z.array(ZProductCategory), count: z.number().int() }),
  ),
});

export const filterProducts = defineEndpoint({
  method: 'POST',
  path: '/v2/filter/products',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary:
    'Products in any of the given categories: the body is the list of category ids ([] for every category); paging and search in the query',
  tags,
  query: ZCategoryListQuery,
  body: ZFilterProductsBody,
  readsOnly: true,
  response: envelopeOf(z.object({ product_list: z.array(ZProduct), count: z.number().int() })),
});

// REST paths of the catalogue (DESIGN §3): /products and /product-categories. -------------------------------

export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/products',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'Products, by title unless another sort is asked for',
  tags,
  query: ZProductListQuery,
  response: envelopeOf(z.array(ZProduct)),
});

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/products/:id',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'One product',
  tags,
  params: idParams,
  response: envelopeOf(ZProduct),
});

export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/products',
  permission: 'PRODUCTS:create',
  token: 'client',
  summary: 'Create a product (SKU unique within the client)',
  tags,
  body: ZSaveProductRequest,
  response: envelopeOf(ZProduct),
});

export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/products/:id',
  permission: 'PRODUCTS:update',
  token: 'client',
  summary: 'Update a product',
  tags,
  params: idParams,
  body: ZSaveProductRequest,
  response: envelopeOf(ZProduct),
});

export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/products/:id',
  permission: 'PRODUCTS:delete',
  token: 'client',
  summary: 'Delete a product that no subscription uses',
  tags,
  params: idParams,
  response: envelopeOf(ZProduct),
});

/** An import's file: a multipart part or the whole body as CSV. */
const CSV_UPLOAD = {
  file: 'The CSV file (UTF-8, a header row first), at most 5 MB',
  fields: { skip_invalid: 'true to import the valid rows and skip the others (also accepted in the query)' },
  rawTypes: ['text/csv'],
};

export const importProducts = defineEndpoint({
  method: 'POST',
  path: '/products/import',
  permission: 'PRODUCTS:create',
  token: 'client',
  summary:
    'Import products from CSV (multipart field "file" or a text/csv body, at most 5 MB; columns title, sku, price, and optionally pid, image_url, description, categories as names separated by "|"). SKU is the key: a row creates or updates its product, and an unchanged row changes nothing. A file with errors imports nothing (400 with the report) unless skip_invalid=true.',
  tags,
  query: ZImportQuery,
  upload: CSV_UPLOAD,
  response: envelopeOf(ZImportReport),
});

export const listProductCategories = defineEndpoint({
  method: 'GET',
  path: '/product-categories',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'Product categories by name',
  tags,
  query: ZCategoryListQuery,
  response: envelopeOf(z.array(ZProductCategory)),
});

export const getProductCategory = defineEndpoint({
  method: 'GET',
  path: '/product-categories/:id',
  permission: 'PRODUCTS:read',
  token: 'client',
  summary: 'One product category',
  tags,
  params: idParams,
  response: envelopeOf(ZProductCategory),
});

export const createProductCategory = defineEndpoint({
  method: 'POST',
  path: '/product-categories',
  permission: 'PRODUCTS:create',
  token: 'client',
  summary: 'Create a product category (name unique within the client)',
  tags,
  body: ZSaveCategoryRequest,
  response: envelopeOf(ZProductCategory),
});

export const updateProductCategory = defineEndpoint({
  method: 'PUT',
  path: '/product-categories/:id',
  permission: 'PRODUCTS:update',
  token: 'client',
  summary: 'Update a product category',
  tags,
  params: idParams,
  body: ZSaveCategoryRequest,
  response: envelopeOf(ZProductCategory),
});

export const deleteProductCategory = defineEndpoint({
  method: 'DELETE',
  path: '/product-categories/:id',
  permission: 'PRODUCTS:delete',
  token: 'client',
  summary: 'Delete a category that no subscription uses; its products stay, without it',
  tags,
  params: idParams,
  response: envelopeOf(ZProductCategory),
});

export const importProductCategories = defineEndpoint({
  method: 'POST',
  path: '/product-categories/import',
  permission: 'PRODUCTS:create',
  token: 'client',
  summary:
    'Import categories from CSV (columns name, and optionally description, image_url); the name is the key. Same rules as the product import.',
  tags,
  query: ZImportQuery,
  upload: CSV_UPLOAD,
  response: envelopeOf(ZImportReport),
});

import {
  CATALOGUE_MESSAGES,
  createProduct,
  createProductCategory,
  deleteProduct,
  deleteProductCategory,
  filterProducts,
  getProduct,
  getProductCategory,
  IMPORT_MAX_BYTES,
  importProductCategories,
  importProducts,
  listProductCategories,
  listProductCategoriesV2,
  listProducts,
  listProductsV2,
  updateProduct,
  updateProductCategory,
} from '@laurel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import { mayUse, principalOf } from '../../http/auth/guard';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { auditedActor } from '../audit/audit';
import { createCatalogueImportService } from './catalogue-import.service';
import { createCategoriesService } from './categories.service';
import { readCsvRequest } from './csv-file';
import { createProductsService } from './products.service';

const pagination = (count: number, page: number, size: number) => ({ count, hasMore: count > page * size });

/** CSV files arrive as multipart uploads or as text/csv bodies; only the import routes read the latter. */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

export const productRoutes = async (app: FastifyInstance, ctx: AppContext) => {
  const { db } = ctx.database;
  const productsService = createProductsService(db);
  const categories = createCategoriesService(db);
  const imports = createCatalogueImportService(db);

  route(app, listProductsV2, async ({ query, request }) => {
    const { items, count } = await productsService.list(principalOf(request).clientId, query);
    return ok({ product_list: items, count }, 'OK', pagination(count, query.page, query.size));
  });

  route(app, listProductCategoriesV2, async ({ query, request }) => {
    const { items, count } = await categories.list(principalOf(request).clientId, query);
    return ok({ product_category_list: items, count }, 'OK', pagination(count, query.page, query.size));
  });

  route(app, filterProducts, async ({ query, body, request }) => {
    // A read sent as POST (the spec's body is the category list): nothing to audit.
    request.audited = true;
    const { items, count } = await productsService.filter(principalOf(request).clientId, {
      categoryIds: body,
      page: query.page,
      size: query.size,
      search: query.search_string || undefined,
    });
    return ok({ product_list: items, count }, 'OK', pagination(count, query.page, query.size));
  });

  route(app, listProducts, async ({ query, request }) => {
    const { items, count } = await productsService.list(principalOf(request).clientId, query);
    return ok(items, 'OK', pagination(count, query.page, query.size));
  });
  route(app, getProduct, async ({ params, request }) =>
    ok(await productsService.get(principalOf(request).clientId, params.id)),
  );
  route(app, createProduct, async ({ body, request }) =>
    ok(await productsService.create(auditedActor(request), body), CATALOGUE_MESSAGES.productSaved),
  );
  route(app, updateProduct, async ({ params, body, request }) =>
    ok(await productsService.update(auditedActor(request), params.id, body), CATALOGUE_MESSAGES.productSaved),
  );
  route(app, deleteProduct, async ({ params, request }) =>
    ok(await productsService.remove(auditedActor(request), params.id), CATALOGUE_MESSAGES.productDeleted),
  );

  route(app, listProductCategories, async ({ query, request }) => {
    const { items, count } = await categories.list(principalOf(request).clientId, query);
    return ok(items, 'OK', pagination(count, query.page, query.size));
  });
  route(app, getProductCategory, async ({ params, request }) =>
    ok(await categories.get(principalOf(request).clientId, params.id)),
  );
  route(app, createProductCategory, async ({ body, request }) =>
    ok(await categories.create(auditedActor(request), body), CATALOGUE_MESSAGES.categorySaved),
  );
  route(app, updateProductCategory, async ({ params, body, request }) =>
    ok(await categories.update(auditedActor(request), params.id, body), CATALOGUE_MESSAGES.categorySaved),
  );
  route(app, deleteProductCategory, async ({ params, request }) =>
    ok(await categories.remove(auditedActor(request), params.id), CATALOGUE_MESSAGES.categoryDeleted),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_r, body, done) => done(null, body),
    );
    const run = async (
      request: FastifyRequest,
      query: { skip_invalid: boolean },
      kind: 'products' | 'categories',
    ) => {
      const principal = principalOf(request);
      const { text, skipInvalid } = await readCsvRequest(request, query);
      const { report, message } = await imports[kind](auditedActor(request), {
        text,
        skipInvalid,
        // An import that updates existing records needs the Edit flag too.
        mayUpdate: mayUse(principal, 'PRODUCTS:update'),
      });
      return ok(report, message);
    };
    route(scope, importProducts, ({ query, request }) => run(request, query, 'products'), {
      bodyLimit: IMPORT_MAX_BYTES,
    });
    route(scope, importProductCategories, ({ query, request }) => run(request, query, 'categories'), {
      bodyLimit: IMPORT_MAX_BYTES,
    });
  });
};

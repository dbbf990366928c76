import {
  COMMON_MESSAGES,
  createProduct,
  createProductCategory,
  DEBOUNCE_MS,
  deleteProduct,
  deleteProductCategory,
  formatMoney,
  getProduct,
  getProductCategory,
  listProductCategoriesV2,
  listProductsV2,
  type TProduct,
  type TProductCategory,
  type TSaveCategoryRequest,
  type TSaveProductRequest,
  type TUploadType,
  updateProduct,
  updateProductCategory,
  uploadFile,
} from '@laurel/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/http';
import { unwrap } from '@/api/http-client';
import type { TFetchPickerPage } from '@/ui/remote-picker';

export type TCatalogueListQuery = { page: number; size: number; search: string };
export type TProductsPage = { products: TProduct[]; count: number };
export type TCategoriesPage = { categories: TProductCategory[]; count: number };

export const catalogueKeys = {
  products: ['products'] as const,
  productLists: ['products', 'list'] as const,
  productList: (query: TCatalogueListQuery) => ['products', 'list', query] as const,
  product: (id: string) => ['products', 'detail', id] as const,
  productOptions: ['products', 'options'] as const,
  categories: ['product-categories'] as const,
  categoryLists: ['product-categories', 'list'] as const,
  categoryList: (query: TCatalogueListQuery) => ['product-categories', 'list', query] as const,
  category: (id: string) => ['product-categories', 'detail', id] as const,
  categoryOptions: ['product-categories', 'options'] as const,
};

const listQuery = (query: TCatalogueListQuery) => ({
  page: query.page,
  size: query.size,
  search_string: query.search || undefined,
});

/** `GET /api/v2/product/list` (spec 1 §7): search by title, SKU or PID fragment, paged. */
export const productsListQuery = (query: TCatalogueListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.productList(query),
    queryFn: async ({ signal }): Promise<TProductsPage> => {
      const { content } = unwrap(await http.call(listProductsV2, { query: listQuery(query), signal }));
      return { products: content.product_list, count: content.count };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.fetchProductsFailed },
  });

/** `GET /api/v2/product/category/list` (spec 1 §7). */
export const categoriesListQuery = (query: TCatalogueListQuery) =>
  queryOptions({
    queryKey: catalogueKeys.categoryList(query),
    queryFn: async ({ signal }): Promise<TCategoriesPage> => {
      const { content } = unwrap(
        await http.call(listProductCategoriesV2, { query: listQuery(query), signal }),
      );
      return { categories: content.product_category_list, count: content.count };
    },
    placeholderData: keepPreviousData,
    meta: { errorTitle: COMMON_MESSAGES.getCategoriesFailed },
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: async ({ signal }) => unwrap(await http.call(getProduct, { params: { id }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.fetchProductsFailed },
  });

export const categoryQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.category(id),
    queryFn: async ({ signal }) =>
      unwrap(await http.call(getProductCategory, { params: { id }, signal })).content,
    meta: { errorTitle: COMMON_MESSAGES.getCategoriesFailed },
  });

/** Product picker pages (spec 1 §9: 5 a page, search after 900 ms): the SKU and price show under the title. */
export const fetchProductOptions =
  (currencySymbol: string): TFetchPickerPage =>
  async ({ page, size, search, signal }) => {
    const { content } = unwrap(
      await http.call(listProductsV2, {
        query: { page, size, search_string: search || undefined },
        signal,
      }),
    );
    return {
      options: content.product_list.map((product) => ({
        value: product._id,
        label: product.title,
        description: `${product.sku} · ${formatMoney(product.price, currencySymbol)}`,
      })),
      count: content.count,
    };
  };

/** Category picker pages (spec 1 §9: 5 a page, search after 900 ms). */
export const fetchCategoryOptions: TFetchPickerPage = async ({ page, size, search, signal }) => {
  const { content } = unwrap(
    await http.call(listProductCategoriesV2, {
      query: { page, size, search_string: search || undefined },
      signal,
    }),
  );
  return {
    options: content.product_category_list.map((category) => ({
      value: category._id,
      label: category.name,
      description: `${category.product_count} ${category.product_count === 1 ? 'product' : 'products'}`,
    })),
    count: content.count,
  };
};

export const PICKER_DEBOUNCE = {
  products: DEBOUNCE_MS.productSearch,
  categories: DEBOUNCE_MS.categorySearch,
};

export const useInvalidateCatalogue = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      queryClient.invalidateQueries({ queryKey: catalogueKeys.categories }),
    ]);
};

/** `POST /api/products` or `PUT /api/products/:id`; the lists reload before the caller's callbacks run. */
export const useSaveProduct = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveProductRequest }) =>
      unwrap(
        id
          ? await http.call(updateProduct, { params: { id }, body })
          : await http.call(createProduct, { body }),
      ),
    onSuccess: async (result) => {
      queryClient.setQueryData(catalogueKeys.product(result.content._id), result.content);
      // Category counts change with a product's categories.
      await invalidate();
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export const useSaveCategory = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: TSaveCategoryRequest }) =>
      unwrap(
        id
          ? await http.call(updateProductCategory, { params: { id }, body })
          : await http.call(createProductCategory, { body }),
      ),
    onSuccess: async (result) => {
      queryClient.setQueryData(catalogueKeys.category(result.content._id), result.content);
      await invalidate();
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteProduct, { params: { id } })),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.product(id) });
      await invalidate();
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await http.call(deleteProductCategory, { params: { id } })),
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: catalogueKeys.category(id) });
      await invalidate();
    },
    meta: { errorTitle: COMMON_MESSAGES.somethingWentWrong },
  });
};

const IMAGE: TUploadType = 'IMAGE';

/** `POST /api/upload/upload` with the media token; answers the stored image's absolute location. */
export const useUploadCatalogueImage = () =>
  useMutation({
    mutationFn: async ({ file, description }: { file: File; description: string }) => {
      const form = new FormData();
      form.append('name', file.name);
      form.append('description', description);
      form.append('type', IMAGE);
      form.append('file', file, file.name);
      return unwrap(await http.call(uploadFile, { body: form })).content;
    },
    meta: { errorTitle: COMMON_MESSAGES.uploadImageFailed },
  });

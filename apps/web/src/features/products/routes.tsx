import type { RouteObject } from 'react-router';
import { productPaths } from '@/features/products/product-paths';
import { viewableBy } from '@/ui/area-gate';
import { lazyPage } from '@/ui/lazy-page';

const ProductsPage = lazyPage(() => import('@/features/products/pages/products-page'), 'ProductsPage');
const ProductPage = lazyPage(() => import('@/features/products/pages/product-page'), 'ProductPage');
const ProductsImportPage = lazyPage(
  () => import('@/features/products/pages/import-page'),
  'ProductsImportPage',
);
const CategoriesPage = lazyPage(() => import('@/features/products/pages/categories-page'), 'CategoriesPage');
const CategoryPage = lazyPage(() => import('@/features/products/pages/category-page'), 'CategoryPage');
const CategoriesImportPage = lazyPage(
  () => import('@/features/products/pages/import-page'),
  'CategoriesImportPage',
);

/** The catalogue: products and categories, each with add, edit and CSV import as routes. */
export const productsRoutes: RouteObject[] = viewableBy(
  ['PRODUCTS'],
  [
    { path: productPaths.products, element: <ProductsPage /> },
    { path: productPaths.newProduct, element: <ProductPage /> },
    { path: productPaths.importProducts, element: <ProductsImportPage /> },
    { path: productPaths.productPattern, element: <ProductPage /> },
    { path: productPaths.categories, element: <CategoriesPage /> },
    { path: productPaths.newCategory, element: <CategoryPage /> },
    { path: productPaths.importCategories, element: <CategoriesImportPage /> },
    { path: productPaths.categoryPattern, element: <CategoryPage /> },
  ],
);

import type { RouteObject } from 'react-router';
import { productPaths } from '@/features/products/product-paths';
import { lazyPage } from '@/ui/lazy-page';

const load = () => import('@/features/products/pages');
const ProductsPage = lazyPage(load, 'ProductsPage');
const ProductPage = lazyPage(load, 'ProductPage');
const ProductsImportPage = lazyPage(load, 'ProductsImportPage');
const CategoriesPage = lazyPage(load, 'CategoriesPage');
const CategoryPage = lazyPage(load, 'CategoryPage');
const CategoriesImportPage = lazyPage(load, 'CategoriesImportPage');

/** The catalogue: products and categories, each with add, edit and CSV import as routes. */
export const productsRoutes: RouteObject[] = [
  { path: productPaths.products, element: <ProductsPage /> },
  { path: productPaths.newProduct, element: <ProductPage /> },
  { path: productPaths.importProducts, element: <ProductsImportPage /> },
  { path: productPaths.productPattern, element: <ProductPage /> },
  { path: productPaths.categories, element: <CategoriesPage /> },
  { path: productPaths.newCategory, element: <CategoryPage /> },
  { path: productPaths.importCategories, element: <CategoriesImportPage /> },
  { path: productPaths.categoryPattern, element: <CategoryPage /> },
];

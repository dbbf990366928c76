import { CONSOLE_PREFIX } from '@laurel/contract';

const products = `${CONSOLE_PREFIX}/products`;
const categories = `${CONSOLE_PREFIX}/product-categories`;
const segment = (id: string) => encodeURIComponent(id);

/**
 * The catalogue's pages (DESIGN §7 leaves their routes to us): lists, and create/edit as routes (`/new`, `/:id`) so
 * that Back closes them and a link opens them; the CSV import is a route of its own.
 */
export const productPaths = {
  products,
  newProduct: `${products}/new`,
  product: (id: string) => `${products}/${segment(id)}`,
  productPattern: `${products}/:productId`,
  importProducts: `${products}/import`,
  categories,
  newCategory: `${categories}/new`,
  category: (id: string) => `${categories}/${segment(id)}`,
  categoryPattern: `${categories}/:categoryId`,
  importCategories: `${categories}/import`,
} as const;

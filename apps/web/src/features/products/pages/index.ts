export { CategoriesPage } from './categories-page';
export { CategoryPage } from './category-page';
export { CategoriesImportPage, ProductsImportPage } from './import-page';
export { ProductPage } from './product-page';
export { ProductsPage } from './products-page';

export { catalogueKeys, fetchCategoryOptions, fetchProductOptions, PICKER_DEBOUNCE } from './api';
export { FormActions } from './components/form-actions';
export { ImageField } from './components/image-field';
export { productPaths } from './product-paths';
export { productsRoutes } from './routes';
